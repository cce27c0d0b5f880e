import { LABELS, type OrderItem } from '@selvedge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderDetails, orderLine } from '../../test/answers';
import { type StubRoutes, stubApi } from '../../test/api';
import { expectErrorMessage, expectSuccessMessage, renderScreen } from '../../test/screen';
import { ArtworkPanel } from './ArtworkPanel';

afterEach(() => vi.unstubAllGlobals());

type Artwork = NonNullable<OrderItem['artwork']>;

/** A TIFF version (shown as a file card: nothing to fetch). */
const version = (n: number, status: 'UPLOADED' | 'APPROVED' | 'REJECTED' = 'UPLOADED') => ({
  versionId: 100 + n,
  version: n,
  name: `label-v${n}.tif`,
  contentType: 'image/tiff',
  size: 2048,
  sha256: 'ab'.repeat(32),
  uploadedBy: 'csr@example.com',
  uploadedAt: '2026-11-20T10:00:00.000Z',
  status,
  reviewedBy: null,
  reviewedAt: null,
});

const artwork = (fields: Partial<Artwork>): Artwork => ({
  name: null,
  status: 'NEEDS_UPLOAD',
  comments: null,
  artworkFinalized: false,
  actions: [],
  versions: [],
  ...fields,
});

const REVIEW = 'PUT /orders/9/artwork/70';

function open(art: Artwork, routes: StubRoutes = {}) {
  const calls = stubApi(routes);
  const item = orderLine({ orderItemId: 70, artwork: art }) as OrderItem & { artwork: Artwork };
  renderScreen(<ArtworkPanel orderId={9} orderStatus="NEEDS_ART_APPROVAL" item={item} />, {
    route: '/order-details?orderId=9',
    role: 'VENDOR',
  });
  return calls;
}

const toolbar = () => screen.getByRole('toolbar', { name: 'Artwork of WL-100' });

describe('the artwork panel of an order line (ordering §4 Item artwork, §5 Artwork upload)', () => {
  it('offers Upload Artwork when the server allows an upload and nothing is uploaded yet, under the banner asking for it', () => {
    open(artwork({ actions: ['upload'] }));
    expect(within(toolbar()).getByText('Upload Artwork')).toBeTruthy();
    expect(screen.getByTestId('artwork-banner').textContent).toContain(LABELS.artworkBanner.needsUpload);
    expect(screen.queryByTestId('artwork-approve')).toBeNull();
  });

  it('offers only what the server lists: review without upload shows Approve and Reject on the current version', () => {
    open(artwork({ status: 'UPLOADED', name: 'label-v1.tif', actions: ['review'], versions: [version(1)] }));
    expect(screen.getByTestId('artwork-approve')).toBeTruthy();
    expect(screen.getByTestId('artwork-reject')).toBeTruthy();
    expect(screen.queryByTestId('artwork-upload')).toBeNull();
    expect(screen.getByTestId('artwork-file-card').textContent).toContain('label-v1.tif');
  });

  it('offers nothing to a role the server gives no action, and Compare once there are two versions', () => {
    open(artwork({ status: 'UPLOADED', actions: [], versions: [version(2), version(1, 'REJECTED')] }));
    expect(
      within(toolbar())
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Compare Versions']);
  });

  it('approves with the comment typed, and shows the answer', async () => {
    const calls = open(artwork({ status: 'UPLOADED', actions: ['review'], versions: [version(1)] }), {
      [REVIEW]: { body: { message: 'Artwork approved.', order: orderDetails({ orderId: 9 }) } },
    });
    await userEvent.click(screen.getByTestId('artwork-approve'));
    await userEvent.type(await screen.findByTestId('artwork-review-comment'), 'Colours match the swatch');
    await userEvent.click(screen.getByTestId('artwork-review-submit'));
    await expectSuccessMessage('Artwork approved.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { approved: true, comment: 'Colours match the swatch' },
    ]);
  });

  it('reopens the dialog with what was typed when the review is refused', async () => {
    open(artwork({ status: 'UPLOADED', actions: ['review'], versions: [version(1)] }), {
      [REVIEW]: { status: 409, body: { message: 'The artwork was reviewed by someone else.' } },
    });
    await userEvent.click(screen.getByTestId('artwork-reject'));
    await userEvent.type(await screen.findByTestId('artwork-review-comment'), 'Logo too small');
    await userEvent.click(screen.getByTestId('artwork-review-submit'));
    await expectErrorMessage('The artwork was reviewed by someone else.');
    await waitFor(() =>
      expect((screen.getByTestId('artwork-review-comment') as HTMLTextAreaElement).value).toBe(
        'Logo too small',
      ),
    );
  });
});
