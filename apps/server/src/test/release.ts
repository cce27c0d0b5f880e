/**
 * The previous release's database, for the upgrade test (test/upgrade.test.ts, docs/decisions/0053).
 *
 * The previous release is a fixed point: its last migration (PREVIOUS_RELEASE) and a fixture written
 * by that release's own code (fixtures/release-0017.tar.gz: `data.sql`, pg_dump's rows of every table
 * of the public schema, and `files/`, the stored files those rows name). The test builds the release's
 * schema from the migrations up to PREVIOUS_RELEASE (a copy of the migrations folder whose journal
 * ends there: drizzle's migrator applies what the journal lists), loads the rows, then migrates to
 * whatever the journal holds now. Loading the rows through today's code would not do: today's
 * inserts name today's columns.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../platform/db';
import { MIGRATIONS_DIR } from '../platform/paths';

/** The last migration of the previous release. */
export const PREVIOUS_RELEASE = '0017_staging_unlogged';

/** The previous release's data and files (written by `writeReleaseFixture`). */
export const RELEASE_FIXTURE = join(import.meta.dirname, 'fixtures', 'release-0017.tar.gz');

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

const readJournal = (folder: string): Journal =>
  JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8'));

/** The tags of the migrations this code has, in order. */
export const headMigrations = (): string[] => readJournal(MIGRATIONS_DIR).entries.map((e) => e.tag);

/**
 * A temporary copy of apps/server/drizzle whose journal ends at migration `tag` (the ones after it
 * are left out); throws when the journal has no such migration. Remove it with `remove`.
 */
export function migrationsUpTo(tag: string): { folder: string; tags: string[]; remove: () => void } {
  const journal = readJournal(MIGRATIONS_DIR);
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`apps/server/drizzle/meta/_journal.json has no migration ${tag}`);
  const folder = mkdtempSync(join(tmpdir(), 'selvedge-release-migrations-'));
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const entries = journal.entries.slice(0, at + 1);
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }, null, 2));
  return {
    folder,
    tags: entries.map((e) => e.tag),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** Applies the migrations of `folder` to `database` with drizzle's migrator, as `database.migrate()` does with apps/server/drizzle. */
export async function migrateWith(database: Database, folder: string): Promise<void> {
  if (database.pglite) {
    const [{ drizzle }, { migrate }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    await migrate(drizzle(database.pglite), { migrationsFolder: folder });
    return;
  }
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  await migrate(drizzle(database.pool!), { migrationsFolder: folder });
}

/** Runs `script` (statements without parameters, e.g. pg_dump's) on `database` in one transaction. */
export async function runScript(database: Database, script: string): Promise<void> {
  const text = `begin;\n${script}\ncommit;`;
  if (database.pglite) {
    await database.pglite.exec(text);
    return;
  }
  // A connection of its own: whatever the script sets for its session stays out of the pool.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Migrations drizzle has recorded as applied (their count). */
export async function appliedMigrations(database: Database): Promise<number> {
  const r = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number((r.rows[0] as { n: number }).n);
}

/** Every table of the public schema: its columns (in order) and each row as PostgreSQL's text of those columns. */
export interface Snapshot {
  tables: Map<string, { columns: string[]; rows: string[] }>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The rows of every table of the public schema, each as the text of a row value of the given
 * columns (`columns` per table; default: all of the table's columns now), so that two snapshots
 * compare rows on the columns the first one had.
 */
export async function snapshot(database: Database, columns?: Map<string, string[]>): Promise<Snapshot> {
  const listed = await database.db.execute(sql`
    select c.table_name as t, c.column_name as c
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`);
  const present = new Map<string, string[]>();
  for (const { t, c } of listed.rows as { t: string; c: string }[]) {
    present.set(t, [...(present.get(t) ?? []), c]);
  }
  const tables = new Map<string, { columns: string[]; rows: string[] }>();
  for (const [table, now] of present) {
    const cols = (columns?.get(table) ?? now).filter((c) => now.includes(c));
    if (cols.length === 0) continue;
    const r = await database.db.execute(
      sql.raw(`select row(${cols.map(quote).join(', ')})::text as r from public.${quote(table)}`),
    );
    tables.set(table, { columns: cols, rows: (r.rows as { r: string }[]).map((x) => x.r).sort() });
  }
  return { tables };
}

/**
 * What `after` lost of `before`: a table gone, a column gone, rows gone or changed (compared on
 * `before`'s columns but those `ignore` names per table: values a migration changes on purpose).
 * One line per problem; empty when every row of `before` is in `after` as it was.
 */
export function lostRows(before: Snapshot, after: Snapshot, ignore: Record<string, string[]> = {}): string[] {
  const problems: string[] = [];
  for (const [table, was] of before.tables) {
    const now = after.tables.get(table);
    if (!now) {
      problems.push(`${table}: the table is gone (${was.rows.length} rows)`);
      continue;
    }
    const gone = was.columns.filter((c) => !now.columns.includes(c) && !ignore[table]?.includes(c));
    if (gone.length > 0) problems.push(`${table}: columns gone: ${gone.join(', ')}`);
    if (ignore[table]?.length) continue; // compared by count only: its values change on purpose
    const remaining = new Map<string, number>();
    for (const r of now.rows) remaining.set(r, (remaining.get(r) ?? 0) + 1);
    const missing = was.rows.filter((r) => {
      const n = remaining.get(r) ?? 0;
      if (n === 0) return true;
      remaining.set(r, n - 1);
      return false;
    });
    if (missing.length > 0) {
      problems.push(
        `${table}: ${missing.length} of ${was.rows.length} rows gone or changed, e.g. ${missing[0]}`,
      );
    }
  }
  return problems;
}

/** The fixture unpacked into a temporary folder: its SQL, its files' folder, and how to remove it. */
export function unpackReleaseFixture(): { sql: string; files: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'selvedge-release-'));
  execFileSync('tar', ['-xzf', RELEASE_FIXTURE, '-C', dir]);
  return {
    sql: readFileSync(join(dir, 'data.sql'), 'utf8'),
    files: join(dir, 'files'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Writes RELEASE_FIXTURE from the PostgreSQL database at `url` and the files folder `files`:
 * pg_dump's rows of the public schema (INSERTs naming their columns, triggers off while they load,
 * so that counters the triggers keep are loaded as they were), without the session settings pg_dump
 * puts first (an empty search_path would outlive the load on PGlite's one connection) and without
 * psql's \restrict lines (meta-commands, not SQL).
 */
export function writeReleaseFixture(url: string, files: string): void {
  const dump = execFileSync(
    'pg_dump',
    [
      '--data-only',
      '--schema=public',
      '--column-inserts',
      '--rows-per-insert=100',
      '--disable-triggers',
      '--no-owner',
      '--no-privileges',
      url,
    ],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  const statements = dump
    .split('\n')
    .filter((line) => !/^(SET |SELECT pg_catalog\.set_config\(|\\(un)?restrict )/.test(line))
    .join('\n');
  const dir = mkdtempSync(join(tmpdir(), 'selvedge-release-fixture-'));
  try {
    writeFileSync(join(dir, 'data.sql'), statements);
    cpSync(files, join(dir, 'files'), { recursive: true });
    execFileSync('tar', ['-czf', RELEASE_FIXTURE, '-C', dir, 'data.sql', 'files']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
