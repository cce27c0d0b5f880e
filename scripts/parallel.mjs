#!/usr/bin/env node
/**
 * `node scripts/parallel.mjs "<command>" "<command>" …`: runs the commands side by side, at most as
 * many at once as the machine has cores (PARALLEL_JOBS to set), each through the shell. A command's
 * output is printed whole when it ends (never interleaved with another's), with its time. Exits 1
 * once all have ended if any failed, naming it. Used by `npm run typecheck` and `npm test`: the
 * type-checks are single-threaded, so run one after another they left a core idle (decision 0036).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const commands = process.argv.slice(2);
const limit = Math.max(1, Number(process.env.PARALLEL_JOBS) || availableParallelism());

/** Runs `command`; answers whether it succeeded, after printing what it wrote. */
function run(command) {
  return new Promise((resolve) => {
    const start = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (c) => output.push(c));
    child.stderr.on('data', (c) => output.push(c));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - start) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString();
      process.stdout.write(
        `== ${command}: ${code === 0 ? 'ok' : `FAILED (${signal ?? code})`} in ${seconds} s\n`,
      );
      if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      resolve(code === 0);
    });
  });
}

const failed = [];
let next = 0;
async function lane() {
  while (next < commands.length) {
    const command = commands[next++];
    if (!(await run(command))) failed.push(command);
  }
}
await Promise.all(Array.from({ length: Math.min(limit, commands.length) }, lane));
if (failed.length > 0) {
  console.error(`failed: ${failed.join('; ')}`);
  process.exit(1);
}
