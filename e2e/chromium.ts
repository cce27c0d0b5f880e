/**
 * Which Chromium the browser tests drive (ARCHITECTURE.md Tests): CHROMIUM_PATH, else Debian's
 * old headless shell /usr/bin/chromium-headless-shell (package chromium-headless-shell), else Debian's
 * /usr/bin/chromium, else the binary the @sparticuz/chromium package unpacks (no download at run time).
 *
 * The headless shell first: it is the browser Playwright itself runs for headless tests, without the
 * full browser's own user interface (its WebUI renderers and browser process). On a11y.spec alone, in
 * one lane on a quiet 2-core machine: 154 s against 214 s, and 238 s of CPU against 369 s
 * (docs/decisions/0036, "Third round").
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
  for (const path of ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium']) {
    if (existsSync(path)) return { executablePath: path, args: FLAGS };
  }
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return { executablePath: await sparticuz.executablePath(), args: [...sparticuz.args, ...FLAGS] };
}
