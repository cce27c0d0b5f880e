#!/usr/bin/env node
/**
 * `npm run deps:check`: lists every direct dependency of the root and the workspaces whose newest
 * release is newer than the one we pin, with the Node.js versions that newest release declares
 * (engines.node), so the next upgrade is a decision and not a surprise
 * (docs/decisions/0013-node-24-and-dependency-policy.md).
 * Reads the registry npm is configured with; prints a table; exits 0 (it only informs).
 * `--all` also lists the dependencies that are current.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const showAll = process.argv.includes('--all');
const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const manifests = [
  ['(root)', rootPkg],
  ...rootPkg.workspaces.map((w) => [w, JSON.parse(readFileSync(join(root, w, 'package.json'), 'utf8'))]),
];

/** name → { range, where[] } over dependencies and devDependencies, workspace packages left out. */
const deps = new Map();
const local = new Set(manifests.map(([, m]) => m.name));
for (const [where, m] of manifests) {
  for (const [name, range] of Object.entries({ ...m.dependencies, ...m.devDependencies })) {
    if (local.has(name)) continue;
    const d = deps.get(name) ?? { ranges: new Set(), where: [] };
    d.ranges.add(range);
    d.where.push(where);
    deps.set(name, d);
  }
}

const registry = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' })
  .trim()
  .replace(/\/$/, '');
const installed = (name) => {
  try {
    return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return '-';
  }
};
const major = (v) =>
  Number(
    String(v)
      .replace(/^[^\d]*/, '')
      .split('.')[0],
  );

async function latest(name) {
  const res = await fetch(`${registry}/${name.replace('/', '%2F')}/latest`);
  if (!res.ok) return { version: '?', node: '?' };
  const p = await res.json();
  return { version: p.version, node: p.engines?.node ?? '(any)' };
}

const names = [...deps.keys()].sort();
const rows = [];
for (let i = 0; i < names.length; i += 8) {
  const batch = names.slice(i, i + 8);
  const found = await Promise.all(batch.map(latest));
  batch.forEach((name, j) => {
    const d = deps.get(name);
    const have = installed(name);
    const l = found[j];
    const status = have === l.version ? 'current' : major(have) < major(l.version) ? 'MAJOR' : 'minor/patch';
    if (showAll || status !== 'current')
      rows.push([name, [...d.ranges].join(' '), have, l.version, l.node, status, d.where.join(', ')]);
  });
}

const head = ['package', 'pinned', 'installed', 'latest', 'latest needs node', 'update', 'used in'];
const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => String(r[c]).length)));
const line = (r) =>
  r
    .map((v, c) => String(v).padEnd(widths[c]))
    .join('  ')
    .trimEnd();
console.log(`Node running: ${process.version}; project engines.node: ${rootPkg.engines?.node}`);
console.log(line(head));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const r of rows) console.log(line(r));
if (rows.length === 0) console.log('every direct dependency is at its newest release');
