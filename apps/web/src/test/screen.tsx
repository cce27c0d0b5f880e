/**
 * Screens in the web unit tests (decision 0069): a screen rendered as the app mounts it — inside the
 * providers of render.tsx, with the app's message and dialog hosts (ui/hosts.tsx), so a red message
 * or a confirmation shows as the user sees it — signed in with a role, at an address, as that
 * address's route (navigating elsewhere unmounts it). The address the screen navigates to is shown
 * in `data-testid="test-location"`.
 */
import { notifications } from '@mantine/notifications';
import type { Role } from '@selvedge/shared';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { expect } from 'vitest';
import { signIn } from '../features/session/session-store';
import { MessagesHost, ModalsHost } from '../ui/hosts';
import { fakeToken } from './fixtures';
import { renderWithProviders } from './render';

/** Signs in as `role` (a token valid for an hour; user 8, Ann Lee). */
export function signInAs(role: Role, claims: Record<string, unknown> = {}) {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return signIn(fakeToken({ sub: 8, email: 'ann@example.com', name: 'Ann Lee', role, exp, ...claims }));
}

function Location() {
  const location = useLocation();
  return <output data-testid="test-location">{location.pathname + location.search}</output>;
}

/**
 * Renders screen `ui` at `route`, signed in as `role` (signed out when null), with the app's hosts.
 * `path` is the route's pattern when the screen reads its parameters ('/01/:gtin/21/:serial');
 * by default the route's own path.
 */
export function renderScreen(
  ui: ReactElement,
  { route, role, path }: { route: string; role: Role | null; path?: string },
) {
  // Mantine's message store outlives a test's tree: start without the previous test's messages.
  notifications.clean();
  if (role) signInAs(role);
  // The screen is the route's element, as router.tsx mounts it: navigating away unmounts it.
  const pattern = path ?? new URL(route, 'http://localhost').pathname;
  return renderWithProviders(
    <>
      <Routes>
        <Route path={pattern} element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <Location />
      <MessagesHost />
      <ModalsHost />
    </>,
    { route },
  );
}

/** The address the screen is at now (after its navigations). */
export const currentLocation = () => screen.getByTestId('test-location').textContent;

/** Waits for a red message with exactly `text` (ordering §8: errors are red and retained). */
export async function expectErrorMessage(text: string) {
  const messages = await screen.findAllByTestId('message-error');
  expect(messages.map((m) => m.textContent)).toContainEqual(expect.stringContaining(text));
}

/** Waits for a green message with `text`. */
export async function expectSuccessMessage(text: string) {
  const messages = await screen.findAllByTestId('message-success');
  expect(messages.map((m) => m.textContent)).toContainEqual(expect.stringContaining(text));
}
