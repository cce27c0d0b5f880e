import { AUTH_MESSAGES } from '@selvedge/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, logout, rememberRedirectPath } from '../../features/session/session-store';
import { stubApi } from '../../test/api';
import { fakeToken } from '../../test/fixtures';
import { currentLocation, renderScreen } from '../../test/screen';
import LoginPage from '.';

afterEach(() => vi.unstubAllGlobals());
// The session store outlives a test: each starts signed out (a local logout, no call).
beforeEach(() => logout('other-tab'));

const token = () =>
  fakeToken({
    sub: 3,
    email: 'csr@example.com',
    name: 'Cy',
    role: 'CSR',
    exp: Math.floor(Date.now() / 1000) + 3600,
  });

const field = (label: 'Email' | 'Password') => screen.getByLabelText(label);

describe('the login screen (ordering §2 Login, §5 Validation, §8)', () => {
  it('asks for both fields and sends nothing while one is empty', async () => {
    const calls = stubApi({});
    renderScreen(<LoginPage />, { route: '/login', role: null });
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('signs in on Enter and returns to the page the user was sent away from', async () => {
    rememberRedirectPath('/order-details?orderId=7');
    const calls = stubApi({
      'POST /auth/login': { body: { access_token: token() } },
      'GET /has-vendor': { body: { hasVendor: false } },
    });
    renderScreen(<LoginPage />, { route: '/login', role: null });
    await userEvent.type(field('Email'), ' csr@example.com ');
    await userEvent.type(field('Password'), 'secret password{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/order-details?orderId=7'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { email: 'csr@example.com', password: 'secret password' },
    ]);
    expect(getSession().status).toBe('signed-in');
  });

  it("shows a refused login's message and stays signed out", async () => {
    stubApi({ 'POST /auth/login': { status: 401, body: { message: AUTH_MESSAGES.invalidCredentials } } });
    renderScreen(<LoginPage />, { route: '/login', role: null });
    await userEvent.type(field('Email'), 'csr@example.com');
    await userEvent.type(field('Password'), 'wrong{Enter}');
    expect((await screen.findByTestId('login-error')).textContent).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(currentLocation()).toBe('/login');
    expect(getSession().status).not.toBe('signed-in');
  });

  it('tells a signed-in user who they are signed in as', () => {
    stubApi({ 'GET /has-vendor': { body: { hasVendor: false } } });
    renderScreen(<LoginPage />, { route: '/login', role: 'FINANCE' });
    expect(screen.getByText(/You are signed in as Ann Lee\./)).toBeTruthy();
  });
});
