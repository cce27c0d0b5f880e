/** Calls for the master-data API tests: a role (or a token) and a path under /api/v1.0. */
import type { Role } from '@selvedge/shared';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';

type Who = Role | 'VENDOR2' | { token: string } | null;

export function masterDataApi(t: TestApp) {
  async function call(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
    const token = who === null ? null : typeof who === 'object' ? who.token : await t.tokenFor(who);
    return t.app.inject({
      method,
      url: `/api/v1.0${url}`,
      headers: token ? t.auth(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  /** Creates as ADMIN and answers the record (fails the test unless 201). */
  async function create<T = Record<string, unknown> & { id: number; version: number }>(
    path: string,
    body: unknown,
  ): Promise<T> {
    const res = await call('ADMIN', 'POST', path, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as T;
  }
  /** History rows of a record, newest first. */
  async function history(entity: string, id: number) {
    const res = await call('ADMIN', 'GET', `/history?entity=${entity}&id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().history as {
      action: string;
      version: number;
      userName: string;
      changedAt: string;
      changes: { field: string; before: unknown; after: unknown }[];
    }[];
  }
  return { call, create, history };
}

let n = 0;
/** A name unique within the test run. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(++n).toString(36)}`;
