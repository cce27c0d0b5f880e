/**
 * The SQL fragment the passport module lends to other modules' statements
 * (docs/decisions/0060-one-access-layer.md): placing stores a new serial on each care-labelled line
 * in its own statement (cart.repository.ts), the demo seed on its lines (through
 * passportRepository.newSerial). Only repositories import this file (biome.json, decision 0065).
 */
import { sql } from 'drizzle-orm';

/**
 * A new passport serial, made by the database in the statement that stores it: 20 characters of
 * base64url (PASSPORT_SERIAL_ALPHABET) from a random UUID's 16 bytes (the first 15 of them; 114 random
 * bits, the UUID's version and variant bits being fixed), so a serial cannot be guessed from another.
 * PostgreSQL's gen_random_uuid draws from its strong random source, on PGlite too. Migration 0016
 * writes the same expression for its backfill.
 */
export const NEW_PASSPORT_SERIAL = sql.raw(
  `translate(substr(encode(uuid_send(gen_random_uuid()), 'base64'), 1, 20), '+/', '-_')`,
);
