/**
 * Seed once, copy per test file (decision 0036). Vitest's globalSetup of the server project: before
 * any test file runs, it builds two template databases on the database the tests use — one with the
 * migrations ("migrated"), one with the migrations and the demo data ("seeded", its artwork and
 * document files in a template folder) — and hands their names to the test files (`inject`). Each
 * test file then starts from a copy (harness.ts createTestDatabase): on PostgreSQL
 * `CREATE DATABASE … TEMPLATE`, on PGlite a data-dir tarball (PGlite `dumpDataDir`/`loadDataDir`).
 * The teardown drops the templates again. Loading the demo data took 3–4 s of a file's 4–6 s.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../platform/config';
import { createScratchDatabase, type Database, openDatabase } from '../platform/db';
import { createJobs } from '../platform/jobs';
import { createStorage } from '../platform/storage';
import { seedDemoData } from '../seed/demo';

/** Where the templates are; `postgres` names databases on TEST_DATABASE_URL's server, `pglite` names tarballs. */
export interface TestTemplates {
  kind: 'postgres' | 'pglite';
  /** Database name (PostgreSQL) or data-dir tarball path (PGlite) with the migrations applied. */
  migrated: string;
  /** The same with the demo data loaded. */
  seeded: string;
  /** DATA_DIR of the seeded template: its `files` folder holds the demo data's files. */
  seededDataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates | undefined;
  }
}

/**
 * Migrates `database` and installs pg-boss's schema and queues (what every test file's job queue
 * would otherwise install anew on start; its own start then finds them).
 */
async function migrateWithJobs(database: Database) {
  await database.migrate();
  const { default: pino } = await import('pino');
  const jobs = createJobs(database, pino({ level: 'silent' }), { schedule: false });
  await jobs.start();
  await jobs.stop();
}

/** Runs one statement on the PostgreSQL server at `serverUrl` over its own connection. */
async function runOn(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Builds the templates and provides them to the test files; answers the teardown that removes them. */
export default async function setup(project: TestProject) {
  const work = mkdtempSync(join(tmpdir(), 'selvedge-templates-'));
  const seededDataDir = join(work, 'seeded');
  const storage = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: seededDataDir }));
  const url = process.env.TEST_DATABASE_URL;
  let templates: TestTemplates;
  let drop: () => Promise<void>;

  if (url) {
    const base = `selvedge_tpl_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const names = { migrated: `${base}_migrated`, seeded: `${base}_seeded` };
    const build = async (
      name: string,
      template: string | undefined,
      fill: (d: Database) => Promise<void>,
    ) => {
      const scratch = await createScratchDatabase(url, name, { template });
      const database = await openDatabase({ url: scratch.url, poolSize: 2 });
      try {
        await fill(database);
      } finally {
        await database.close();
      }
      // No one connects to a template by mistake (a connection would make every copy fail).
      await runOn(url, `alter database ${name} with is_template true allow_connections false`);
    };
    await build(names.migrated, undefined, migrateWithJobs);
    await build(names.seeded, names.migrated, (d) => seedDemoData(d.db, { storage }));
    templates = { kind: 'postgres', ...names, seededDataDir };
    drop = async () => {
      for (const name of [names.seeded, names.migrated]) {
        await runOn(url, `alter database ${name} with is_template false allow_connections true`);
        await runOn(url, `drop database if exists ${name} with (force)`);
      }
    };
  } else {
    const database = await openDatabase({ dataDir: 'memory://' });
    const dump = async (file: string) => {
      // Uncompressed: loading it in every test file is faster than unzipping it.
      const tar = await database.pglite!.dumpDataDir('none');
      writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
      return file;
    };
    try {
      await migrateWithJobs(database);
      const migrated = await dump(join(work, 'migrated.tar'));
      await seedDemoData(database.db, { storage });
      const seeded = await dump(join(work, 'seeded.tar'));
      templates = { kind: 'pglite', migrated, seeded, seededDataDir };
    } finally {
      await database.close();
    }
    drop = async () => {};
  }

  project.provide('testTemplates', templates);
  return async () => {
    await drop();
    rmSync(work, { recursive: true, force: true });
  };
}
