/**
 * Which Chromium the browser tests drive (ARCHITECTURE.md Tests): CHROMIUM_PATH, else Debian's
 * /usr/bin/chromium, else the binary the @sparticuz/chromium package unpacks (no download at run time).
 */
import { existsSync } from 'node:fs';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function resolveChromium(): Promise<{ executablePath: string; args: string[] }> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return { executablePath: fromEnv, args: FLAGS };
  if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', args: FLAGS };
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return { executablePath: await sparticuz.executablePath(), args: [...sparticuz.args, ...FLAGS] };
}
