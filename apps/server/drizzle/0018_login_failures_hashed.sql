-- Decision 0055: sign-in throttling keys are a keyed hash of the e-mail and client address
-- (auth.service.ts throttleKeys), no longer the addresses in clear. The rows written before are
-- counters of the last hour at most and would never be matched again: deleted, so the table stops
-- being a list of who tried to sign in. A lock in force is lifted by this (one more round of guesses).
DELETE FROM "login_failures";
