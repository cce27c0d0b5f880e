/**
 * The API as a web unit test sees it (decision 0059): `fetch` stubbed with answers by method and
 * path, so hooks run through the real client (api/client.ts) and TanStack Query. A call nobody
 * answers fails the test with its method and path.
 */
import { vi } from 'vitest';

/** One call as the stub saw it: method, path under /api/v1.0 (with query), JSON body. */
export interface SeenCall {
  method: string;
  path: string;
  body: unknown;
}

/** An answer: a status and a JSON body (204 without one). */
export interface StubAnswer {
  status?: number;
  body?: unknown;
}

/** Answers by 'METHOD /path' (the path without /api/v1.0 and query); a function sees the call. */
export type StubRoutes = Record<string, StubAnswer | ((call: SeenCall) => StubAnswer | Promise<StubAnswer>)>;

/** Stubs `fetch` with `routes`; answers the calls seen so far (newest last). */
export function stubApi(routes: StubRoutes): SeenCall[] {
  const calls: SeenCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname.replace(/^\/api\/v1\.0/, '');
      const call: SeenCall = {
        method: init.method ?? 'GET',
        path: path + url.search,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      };
      calls.push(call);
      const route = routes[`${call.method} ${path}`];
      if (!route) throw new Error(`No stubbed answer for ${call.method} ${call.path}`);
      const { status = 200, body } = typeof route === 'function' ? await route(call) : route;
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
