import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { clearOverlays, GlobalOverlay, startOverlay, withOverlay } from './overlay';

afterEach(() => {
  clearOverlays();
  vi.useRealTimers();
});

describe('the progress overlay (ordering §8 Progress overlays, §9: 300 ms)', () => {
  it('shows only work that takes longer than the delay, the newest text on top', async () => {
    renderWithProviders(<GlobalOverlay />);
    // The panel's code arrives with the first overlay: wait for it, so that absence below means
    // "not shown", not "not loaded yet".
    const first = startOverlay('Loading...');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    act(() => first());
    expect(screen.queryByText('Loading...')).toBeNull();

    vi.useFakeTimers();
    const quick = startOverlay('Searching...');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(screen.queryByText('Searching...')).toBeNull();
    act(() => quick());
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.queryByText('Searching...')).toBeNull();

    const slow = startOverlay('Saving...');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByText('Saving...')).toBeTruthy();
    startOverlay('Uploading...');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByText('Uploading...')).toBeTruthy();
    expect(screen.queryByText('Saving...')).toBeNull();
    act(() => clearOverlays());
    expect(screen.queryByText('Uploading...')).toBeNull();
    slow();
  });

  it('is stopped when the work ends, however it ends', async () => {
    vi.useFakeTimers();
    renderWithProviders(<GlobalOverlay />);
    const failing = withOverlay('Saving...', Promise.reject(new Error('boom')));
    await expect(failing).rejects.toThrow('boom');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Saving...')).toBeNull();
    expect(await withOverlay('Saving...', (overlay) => Promise.resolve(typeof overlay.setProgress))).toBe(
      'function',
    );
  });
});
