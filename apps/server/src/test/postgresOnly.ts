import { describe } from 'vitest';

/**
 * The describe of a suite that kills or shares real server processes: it runs only with
 * TEST_DATABASE_URL (PostgreSQL), and says once why it is skipped without it (`why`: what an
 * embedded PGlite database would make of the test). Answers the database server's URL, if any.
 */
export function postgresOnlySuite(file: string, why: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) console.info(`${file} skipped: set TEST_DATABASE_URL to a PostgreSQL server; ${why}`);
  return { serverUrl, suite: serverUrl ? describe : describe.skip };
}
