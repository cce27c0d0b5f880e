/**
 * Everything the server writes on disk is its own user's only (decision 0054): files
 * mode 600, folders mode 700 — stored artwork, documents, images and data files, their sidecars and
 * temporary files, the signing secret, mail files, and the embedded database's folder. The modes are
 * given when a file or folder is made; a umask can only take bits away from them, never add any.
 * The files inside the embedded database's folder are PGlite's, made with its own modes (666): the
 * folder's 700 keeps other users out of them.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';

/** Mode of every file the server writes. */
export const PRIVATE_FILE_MODE = 0o600;
/** Mode of every folder the server makes. */
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Makes the folder `dir` (and its missing parents, each mode 700) and sets `dir` itself to mode 700,
 * also when it exists already (made by an older version with 755): what is inside it is then out of
 * other users' reach whatever its own modes.
 */
export async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/** `privateFolder` for start-up code that runs before anything is asynchronous. */
export function privateFolderSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}
