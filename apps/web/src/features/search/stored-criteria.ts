/**
 * Search criteria kept per screen (ordering §2 Product list: "stored search criteria are kept per
 * screen"; §3 Session state): sessionStorage under the screen's key, together with the user they
 * belong to, so that another user signing in on the same tab starts from the defaults.
 */

interface StoredSearch {
  userId: string;
  criteria: unknown;
}

/** The raw criteria this user stored under `key`, or null (none, another user's, unreadable). */
export function readStoredCriteria(key: string, userId: string | null): unknown {
  try {
    const text = sessionStorage.getItem(key);
    if (!text) return null;
    const stored = JSON.parse(text) as Partial<StoredSearch> | null;
    if (!stored || stored.userId !== (userId ?? '')) return null;
    return stored.criteria ?? null;
  } catch {
    return null;
  }
}

/** Keeps the criteria of the last search of this user under `key`. */
export function writeStoredCriteria(key: string, userId: string | null, criteria: unknown): void {
  try {
    const stored: StoredSearch = { userId: userId ?? '', criteria };
    sessionStorage.setItem(key, JSON.stringify(stored));
  } catch {
    /* storage unavailable: the search still runs */
  }
}

/** True when two criteria objects hold the same values. */
export const sameCriteria = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);
