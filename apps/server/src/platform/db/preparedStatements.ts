/**
 * Server-side prepared statements for the PostgreSQL pool (docs/decisions/0025).
 *
 * node-postgres sends every parameterized statement unnamed: PostgreSQL parses, analyses and plans
 * it again on each call. For the product's short statements that is most of their cost (a look-up
 * of a cart's lines: ~0.7 ms of planning for ~0.1 ms of execution). A named statement is parsed
 * once per connection, and after five runs PostgreSQL may keep one generic plan for it
 * (plan_cache_mode auto: only when it costs no more than the plans made for the values).
 *
 * A generic plan is only right for statements that find their rows by key (an id, an order's
 * lines, a user's cart): for the order list's filters and capped counts it was 10–200 times slower
 * than the plan made for the values (it cannot use the partial list indexes, and guesses the
 * filters' selectivity). So preparing is opt-in, per call: `withPreparedStatements(fn)` runs `fn`
 * with its statements prepared (order details, cart, placing, order actions); everything else
 * runs unnamed as before.
 *
 * `preparingClient` is the pool's client class: inside such a call it names each statement that
 * has parameters after its text, at most `limit` different texts per process (first come), so that
 * statements built with a varying number of parameters (lists of ids, bulk inserts) cannot grow
 * the connections' memory without bound; texts beyond the limit run unnamed. Statements without
 * parameters (begin, commit) always run unnamed. A statement's predicate that a partial index
 * covers must be written with the index's literal (`order_status = 'PENDING'`), not a parameter,
 * or the generic plan cannot use the index.
 *
 * Not for a pooler in transaction mode (PgBouncer before 1.21): its server connections change under
 * the client; set DATABASE_PREPARED_STATEMENTS=0 there.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

const preparing = new AsyncLocalStorage<boolean>();

/** Statement texts prepared per process unless told otherwise (DATABASE_PREPARED_STATEMENTS). */
export const DEFAULT_PREPARED_STATEMENTS = 500;

/**
 * Runs `fn` with its parameterized statements sent as prepared statements (see above). Use it for
 * calls whose statements all find rows by key; never around list, search or count queries whose
 * plan depends on the filter values.
 */
export function withPreparedStatements<T>(fn: () => Promise<T>): Promise<T> {
  return preparing.run(true, fn);
}

/** Names of statement texts, shared by every connection of the process. */
export class StatementNames {
  private readonly names = new Map<string, string>();
  constructor(readonly limit: number) {}

  /** The name of `text`, or undefined when `limit` other texts have names already. */
  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.limit) {
      name = `selvedge_${this.names.size}`;
      this.names.set(text, name);
    }
    return name;
  }
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/**
 * `config` with the name of its text when it is called inside withPreparedStatements, has
 * parameters and is not named yet; else `config` itself. Decided when the statement is issued, in
 * the caller's async context.
 */
// biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this only adds a name
function named(names: StatementNames, config: any, values: unknown): any {
  if (config === null || typeof config !== 'object' || typeof (config as QueryConfig).text !== 'string')
    return config;
  const c = config as QueryConfig;
  const params = Array.isArray(values) ? values : c.values;
  if (c.name !== undefined || !Array.isArray(params) || params.length === 0 || !preparing.getStore())
    return config;
  const name = names.nameOf(c.text as string);
  return name === undefined ? config : { ...config, name };
}

/** A pg.Client class that runs parameterized statements as named (prepared) statements. */
export function preparingClient(names: StatementNames): typeof pg.Client {
  class PreparingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: see named()
    override query(config: any, values?: any, callback?: any): any {
      return super.query(named(names, config, values), values, callback);
    }
  }
  return PreparingClient;
}

/**
 * A pg.Pool whose statements are named like preparingClient's. pool.query must decide the name
 * itself: it issues the statement on a client only once one is free, from the callback of the
 * query that freed it — in that connection's async context, not the caller's (decision 0025: after
 * the order list had opened the pool's connections, two thirds of the order details statements
 * ran unnamed, parsed and planned on every call: 1,300 → 290 req/s).
 */
export function preparingPool(names: StatementNames, poolConfig: pg.PoolConfig): pg.Pool {
  class PreparingPool extends pg.Pool {
    // biome-ignore lint/suspicious/noExplicitAny: see named()
    override query(config: any, values?: any, callback?: any): any {
      return super.query(named(names, config, values), values, callback);
    }
  }
  return new PreparingPool({ ...poolConfig, Client: preparingClient(names) });
}
