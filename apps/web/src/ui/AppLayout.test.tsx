import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { stubApi } from '../test/api';
import { renderWithProviders } from '../test/render';
import { signInAs } from '../test/screen';
import { AppLayout } from './AppLayout';

// What the layout loads lazily, replaced so that the test sees when each is asked for.
const loaded = vi.hoisted(() => ({ navBar: vi.fn(), liveUpdates: vi.fn() }));
vi.mock('./NavBar', () => {
  loaded.navBar();
  return { NavBar: () => <nav aria-label="Main">bar</nav> };
});
vi.mock('../features/live/LiveUpdates', () => {
  loaded.liveUpdates();
  return { LiveUpdates: () => null };
});

beforeEach(() => {
  stubApi({ 'GET /app-config': { body: { brandName: 'Selvedge' } } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  loaded.navBar.mockClear();
  loaded.liveUpdates.mockClear();
});

/** The layout in a data router (it reads the navigation state), at `route` showing `heading`. */
const renderLayout = (route: string, heading: string) =>
  renderWithProviders(
    <RouterProvider
      router={createMemoryRouter(
        [{ element: <AppLayout />, children: [{ path: route, element: <h2>{heading}</h2> }] }],
        { initialEntries: [route] },
      )}
    />,
  );

// First: the session store keeps a sign-in for the rest of the file.
it('shows a signed-out visitor the brand and Log In, and loads no navigation bar', async () => {
  renderLayout('/terms-and-conditions', 'Terms');
  expect(await screen.findByRole('link', { name: 'Log In' })).toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(loaded.navBar).not.toHaveBeenCalled();
});

it('loads the navigation bar and the live updates only after the first paint, the brand standing in (decision 0073)', async () => {
  signInAs('VENDOR');
  // The frame after the first paint is held back until the test lets it run.
  let nextFrame: FrameRequestCallback | undefined;
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    nextFrame = callback;
    return 1;
  });
  renderLayout('/order-list', 'Orders');
  expect(screen.getByRole('heading', { name: 'Orders' })).toBeTruthy();
  // Time for a module to load, were it asked for.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(loaded.navBar).not.toHaveBeenCalled();
  expect(loaded.liveUpdates).not.toHaveBeenCalled();
  expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Selvedge' })).toBeTruthy();

  nextFrame?.(performance.now());
  expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
  await waitFor(() => expect(loaded.liveUpdates).toHaveBeenCalled());
});
