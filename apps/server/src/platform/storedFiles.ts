/**
 * Files and database rows kept in step (decision 0034): a stored file exists exactly when a committed
 * row names it, give or take the window of one request.
 *
 * - `storeThenCommit` stores a new file, runs the change in one transaction, and removes the file
 *   again if the transaction fails; files the change replaced or removed are deleted only after the
 *   commit (a rolled-back change keeps them). Used by artwork versions, order documents and product
 *   images (and variable-data files, through `putStream`).
 * - `sweepOrphanFiles` (the `storage.sweep` job, hourly and when a process starts, modules/files)
 *   removes what a killed process leaves between storing and committing: files older than a day
 *   that no row references, and the temporary files of interrupted writes. The day is the grace of
 *   an upload in progress: a file is stored under its key only once its upload has ended, and a
 *   temporary file being written keeps a fresh modification time.
 */
import type { Readable } from 'node:stream';
import type { Db, Tx } from './db';
import type { FileStorage } from './storage';

/** A new file for `storeThenCommit`: a key made by `newStorageKey`, its type, and its bytes or a stream of them. */
export type FileToStore = { key: string; contentType: string } & (
  | { body: Buffer }
  | {
      /** Streamed into storage (`putStream`), never held in memory whole. */
      stream: Readable;
    }
);

/** What the change inside `storeThenCommit` may ask for besides its SQL. */
export interface FileChanges {
  /** Deletes the file under `key` once the transaction has committed (a replaced or removed file). */
  deleteAfterCommit(key: string): void;
}

/**
 * Stores `file` (none when null: a change that only removes files), then runs `change` in one
 * transaction. If storing or the transaction fails, the new file is removed and the error is
 * rethrown; after the commit the keys given to `deleteAfterCommit` are deleted. A delete that fails
 * then (storage unreachable) leaves an orphan for the sweep, never a failed request: the change is done.
 */
export async function storeThenCommit<T>(
  deps: { db: Db; storage: FileStorage },
  file: FileToStore | null,
  change: (tx: Tx, files: FileChanges) => Promise<T>,
): Promise<T> {
  const { db, storage } = deps;
  const replaced: string[] = [];
  let result: T;
  try {
    if (file) {
      if ('body' in file) await storage.put(file.key, file.body, { contentType: file.contentType });
      else await storage.putStream(file.key, file.stream, { contentType: file.contentType });
    }
    result = await db.transaction((tx) =>
      change(tx, {
        deleteAfterCommit: (key) => {
          replaced.push(key);
        },
      }),
    );
  } catch (err) {
    if (file) await storage.delete(file.key).catch(() => undefined);
    throw err;
  }
  await Promise.all(replaced.map((key) => storage.delete(key).catch(() => undefined)));
  return result;
}

/** How old an unreferenced file must be before the sweep removes it: longer than any upload takes. */
export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;
/** Keys checked against the database in one query. */
const SWEEP_BATCH = 500;

/** What one sweep did. */
export interface SweepResult {
  /** Stored files old enough to be checked. */
  checked: number;
  /** Of those, the ones no row referenced, now deleted. */
  removed: number;
  /** Leftovers of interrupted writes removed (`FileStorage.removeStale`). */
  stale: number;
}

/**
 * Deletes every stored file older than `ORPHAN_MIN_AGE_MS` (before `now`) whose key `referenced` does
 * not return, in batches of 500, then the leftovers of interrupted writes of the same age.
 * `referenced(keys)` answers the subset of `keys` that some row names.
 */
export async function sweepOrphanFiles(
  storage: FileStorage,
  referenced: (keys: string[]) => Promise<Set<string>>,
  now: Date = new Date(),
): Promise<SweepResult> {
  const before = new Date(now.getTime() - ORPHAN_MIN_AGE_MS);
  const result: SweepResult = { checked: 0, removed: 0, stale: 0 };
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const keep = await referenced(batch);
    for (const key of batch) {
      if (keep.has(key)) continue;
      await storage.delete(key);
      result.removed++;
    }
    batch = [];
  };
  for await (const file of storage.list()) {
    if (file.modifiedAt >= before) continue;
    result.checked++;
    batch.push(file.key);
    if (batch.length >= SWEEP_BATCH) await flush();
  }
  await flush();
  result.stale = await storage.removeStale(before);
  return result;
}
