/**
 * The bench's ceiling server: node:http and a `pg` pool of the product's size, nothing else. For
 * each call the bench measures it is handed a script (over IPC): the SQL statements the product
 * sent for that call — captured from the product: its session lookup when it read the session, none
 * when its session cache served it (docs/decisions/0019) — and the product's
 * answer. Per request it runs the statements in order on one pooled connection and answers
 * JSON.stringify of that answer. A statement the product sent as a prepared statement runs as one
 * here too. No routing framework, validation, token verification or answer
 * building: what remains is the cost of the database round trips, HTTP and JSON, the floor under
 * any implementation of the call.
 *
 * Keys are `METHOD url authorization`; an unknown key answers 404.
 */
import http from 'node:http';
import pg from 'pg';

export interface CeilingScript {
  /** `named`: run as a prepared statement, as the product ran it. */
  statements: { text: string; values: unknown[]; named?: boolean }[];
  status: number;
  body: unknown;
}

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
pool.on('error', () => {});
const scripts = new Map<string, CeilingScript>();
/** Names of the prepared statements (one per text, as the product names them). */
const names = new Map<string, string>();
const nameOf = (text: string) => {
  let name = names.get(text);
  if (name === undefined) {
    name = `ceiling_${names.size}`;
    names.set(text, name);
  }
  return name;
};
/** Errors already told (each once). */
const reported = new Set<string>();

process.on('message', (m: { type: string; id: number; scripts?: [string, CeilingScript][] }) => {
  if (m?.type !== 'scripts') return;
  for (const [key, script] of m.scripts ?? []) scripts.set(key, script);
  process.send?.({ id: m.id, queries: 0, maxRss: 0, cpuMicros: 0, inflight: 0, gcMaxMs: 0 });
});

const server = http.createServer((req, res) => {
  const script = scripts.get(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
  req.resume();
  if (!script) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no script"}');
    return;
  }
  void (async () => {
    const client = await pool.connect();
    let failed: unknown;
    try {
      for (const s of script.statements)
        await client.query(s.named ? { name: nameOf(s.text), text: s.text, values: s.values } : s);
    } catch (err) {
      failed = err;
      await client.query('rollback').catch(() => {});
    } finally {
      client.release();
    }
    if (failed) {
      const text = String(failed);
      if (!reported.has(text)) {
        reported.add(text);
        console.error(`ceiling: ${req.method} ${req.url}: ${text}`);
      }
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: String(failed) }));
      return;
    }
    const body = JSON.stringify(script.body);
    res
      .writeHead(script.status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      })
      .end(body);
  })();
});

server.listen(Number(process.env.PORT), '127.0.0.1');
// Exit (rather than die) on the bench's SIGTERM, so that BENCH_CPU_PROF's profile is written.
process.once('SIGTERM', () => process.exit(0));
