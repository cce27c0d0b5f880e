import { describe, expect, it } from 'vitest';
import { newestFirst } from './OrderLogs';

const log = (timestamp: string, description: string) => ({ timestamp, description, user: 'Ann' });

describe('the order log (ordering §3 logs)', () => {
  it('lists the newest first, the later-answered first at the same instant, each with its position', () => {
    const logs = [
      log('2026-01-01T10:00:00Z', 'placed'),
      log('2026-01-02T10:00:00Z', 'approved'),
      log('2026-01-02T10:00:00Z', 'shipped'),
    ];
    expect(newestFirst(logs).map((l) => [l.description, l.seq])).toEqual([
      ['shipped', 2],
      ['approved', 1],
      ['placed', 0],
    ]);
  });
});
