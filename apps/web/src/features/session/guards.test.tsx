import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeToken } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { deniedFrom, RequireRole, RoleRedirect } from './guards';
import {
  acknowledgeLogout,
  getRedirectPath,
  logout,
  registerSessionNavigator,
  signIn,
} from './session-store';

function Login() {
  const { state } = useLocation();
  const denied = deniedFrom(state);
  return <p>{denied ? `login: ${denied.role} may not open ${denied.path}` : 'login'}</p>;
}

const app = (
  <Routes>
    <Route path="/login" element={<Login />} />
    <Route path="/" element={<RoleRedirect />} />
    <Route path="/cart" element={<RequireRole route="/cart">cart</RequireRole>} />
    <Route path="/order-list" element={<p>order list</p>} />
    <Route path="/product-list" element={<p>product list</p>} />
  </Routes>
);
const as = (role: string) =>
  signIn(fakeToken({ sub: 1, email: 'a@b.c', role, exp: Date.now() / 1000 + 3600 }));

// Each test starts signed out, whatever the one before signed in as.
beforeEach(async () => {
  registerSessionNavigator(() => {});
  await logout('other-tab');
  acknowledgeLogout();
  sessionStorage.clear();
});

describe('route guards (ordering §2)', () => {
  it('send a signed-out visit to /login and remember where it wanted to go', () => {
    renderWithProviders(app, { route: '/cart?x=1' });
    expect(screen.getByText('login')).toBeTruthy();
    expect(getRedirectPath()).toBe('/cart?x=1');
  });

  it('let a role allowed on the route in', () => {
    as('VENDOR');
    renderWithProviders(app, { route: '/cart' });
    expect(screen.getByText('cart')).toBeTruthy();
  });

  it('send a role not allowed to /login, which says why', () => {
    as('CSR');
    renderWithProviders(app, { route: '/cart' });
    expect(screen.getByText('login: CSR may not open /cart')).toBeTruthy();
  });

  it("send home to the role's landing page", () => {
    as('VENDOR');
    renderWithProviders(app, { route: '/' });
    expect(screen.getByText('product list')).toBeTruthy();
  });

  it('read the denied state only when it is one', () => {
    expect(deniedFrom({ denied: { path: '/cart', role: 'CSR' } })).toEqual({ path: '/cart', role: 'CSR' });
    expect(deniedFrom({ denied: { path: 3 } })).toBeNull();
    expect(deniedFrom(null)).toBeNull();
  });
});
