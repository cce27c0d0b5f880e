/**
 * The token signing secret: JWT_SECRET when given (required when several instances share one
 * database), else a random one kept in DATA_DIR/jwt-secret so tokens survive a restart.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function resolveJwtSecret(jwtSecret: string | undefined, dataDir: string): string {
  if (jwtSecret) return jwtSecret;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
