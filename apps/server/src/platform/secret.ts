/**
 * The token signing secret: JWT_SECRET when given (required when several instances share one
 * database), else a random one kept in DATA_DIR/jwt-secret so tokens survive a restart.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './privateFiles';

export function resolveJwtSecret(jwtSecret: string | undefined, dataDir: string): string {
  if (jwtSecret) return jwtSecret;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  // DATA_DIR, when this makes it; an existing one keeps the modes its owner gave it.
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE });
  return secret;
}
