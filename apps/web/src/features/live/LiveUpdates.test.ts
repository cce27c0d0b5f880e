/**
 * Notices of live updates (docs/decisions/0068): another user's change to the order on screen says who did
 * what; one's own change, or an order not on screen, says nothing; an order being edited gets the
 * notice with Reload instead of a refresh.
 */
import type { LiveEvent } from '@selvedge/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { markOrderEditing } from '../../api/live-state';
import { orderKeys } from '../../api/orders';
import { handleLiveEvent } from './LiveUpdates';

const shown = vi.hoisted(() => ({ info: [] as string[], notice: [] as string[] }));
vi.mock('../../ui/messages', () => ({ showInfo: (m: string) => shown.info.push(m) }));
vi.mock('../../ui/notice', () => ({ showNotice: (m: string) => shown.notice.push(m) }));

const approved: LiveEvent = {
  id: 'e1',
  kind: 'order',
  orderId: 5,
  change: 'approveFinance',
  status: 'READY_TO_SHIP',
  actor: { email: 'finance@example.com', role: 'FINANCE' },
};

/** A query client where order 5's details are on screen (observed). */
function onScreen() {
  const qc = new QueryClient();
  const observer = new QueryObserver(qc, {
    queryKey: orderKeys.detail(5),
    queryFn: () => new Promise(() => {}),
    enabled: false,
  });
  const stop = observer.subscribe(() => {});
  return { qc, stop };
}

beforeEach(() => {
  shown.info.length = 0;
  shown.notice.length = 0;
});

describe('handleLiveEvent', () => {
  it("says who did what when another user's change is on screen", () => {
    const { qc, stop } = onScreen();
    handleLiveEvent(qc, approved, 'vendor@example.com');
    expect(shown.info).toEqual(['Finance approved by finance@example.com']);
    stop();
  });

  it("says nothing of one's own change, nor of an order not on screen", () => {
    const { qc, stop } = onScreen();
    handleLiveEvent(qc, approved, 'finance@example.com');
    handleLiveEvent(new QueryClient(), approved, 'vendor@example.com');
    expect(shown.info).toEqual([]);
    stop();
  });

  it('offers a reload instead of refreshing an order being edited', () => {
    const { qc, stop } = onScreen();
    const undo = markOrderEditing(5);
    handleLiveEvent(qc, approved, 'csr@example.com');
    expect(shown.info).toEqual([]);
    expect(shown.notice[0]).toMatch(
      /^Finance approved by finance@example.com\. Your unsaved changes are kept/,
    );
    undo();
    stop();
  });
});
