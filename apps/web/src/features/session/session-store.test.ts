import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '../../test/fixtures';
import { REDIRECT_KEY, TOKEN_KEY } from './token';

vi.mock('../../api/auth', () => ({ logoutCall: vi.fn() }));
vi.mock('../../ui/alert-dialog', () => ({ showAlert: vi.fn(async () => {}) }));
vi.mock('./cross-tab', () => ({ announceSignIn: vi.fn() }));
// Messages and overlays as calls only: the store's test needs no Mantine (and imports fast).
vi.mock('../../ui/messages', () => ({ showError: vi.fn(), showApiError: vi.fn(), clearMessages: vi.fn() }));
vi.mock('../../ui/overlay', () => ({ clearOverlays: vi.fn() }));

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const tokenOf = (role: string, exp = inAnHour()) =>
  fakeToken({ sub: 3, email: 'a@b.c', name: 'Ann', role, exp });

/**
 * The store reads sessionStorage once, when its module is first imported: each test imports it
 * anew (with the modules and mocks it uses), after putting in storage what the tab had.
 */
async function freshStore(stored?: string) {
  if (stored) sessionStorage.setItem(TOKEN_KEY, stored);
  vi.resetModules();
  const store = await import('./session-store');
  const { ApiError } = await import('../../api/client');
  const logoutCall = vi.mocked((await import('../../api/auth')).logoutCall);
  logoutCall.mockResolvedValue({});
  const navigate = vi.fn();
  store.registerSessionNavigator(navigate);
  return {
    ...store,
    navigate,
    ApiError,
    logoutCall,
    showAlert: vi.mocked((await import('../../ui/alert-dialog')).showAlert),
    showError: vi.mocked((await import('../../ui/messages')).showError),
    announceSignIn: vi.mocked((await import('./cross-tab')).announceSignIn),
  };
}

beforeEach(() => {
  history.replaceState(null, '', '/order-details?orderId=4');
});
afterEach(() => history.replaceState(null, '', '/'));

describe('the session at start (ordering §3 Session state)', () => {
  it('is signed out without a stored token', async () => {
    const { getSession } = await freshStore();
    expect(getSession()).toEqual({ status: 'signed-out', token: null, user: null, endedBy: null });
  });

  it("is the stored token's user", async () => {
    const token = tokenOf('CSR');
    const { getSession } = await freshStore(token);
    expect(getSession()).toMatchObject({ status: 'signed-in', token, user: { id: '3', role: 'CSR' } });
  });

  it('clears an unreadable stored token', async () => {
    sessionStorage.setItem('order-search', '{}');
    const { getSession } = await freshStore('garbage');
    expect(getSession().status).toBe('signed-out');
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps an expired token signed in until the watcher logs it out', async () => {
    const { getSession, isSessionExpired } = await freshStore(tokenOf('CSR', 1));
    expect(getSession().status).toBe('signed-in');
    expect(isSessionExpired()).toBe(true);
  });
});

describe('signing in and out (ordering §4 Session)', () => {
  it('signs in: stores the token and role, tells the other tabs and the subscribers', async () => {
    const { signIn, getSession, subscribeSession, announceSignIn, ApiError } = await freshStore();
    const listener = vi.fn();
    subscribeSession(listener);
    const token = tokenOf('VENDOR');
    expect(signIn(token).role).toBe('VENDOR');
    expect(getSession().status).toBe('signed-in');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(sessionStorage.getItem('role')).toBe('VENDOR');
    expect(announceSignIn).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalled();
    expect(() => signIn('garbage')).toThrow(ApiError);
  });

  it("logs out the user's own way: the server is told, the tab's data cleared, /login shown", async () => {
    const { logout, getSession, navigate, logoutCall, showError } = await freshStore(tokenOf('CSR'));
    sessionStorage.setItem(REDIRECT_KEY, '/cart');
    await logout('user');
    expect(logoutCall).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(getSession()).toEqual({ status: 'signed-out', token: null, user: null, endedBy: 'user' });
    expect(sessionStorage.length).toBe(0);
    expect(showError).not.toHaveBeenCalled();
  });

  it("says 'Error with logging out' when the server fails, and logs out anyway", async () => {
    const { logout, logoutCall, ApiError, showError, getSession } = await freshStore(tokenOf('CSR'));
    logoutCall.mockRejectedValueOnce(new ApiError(500, 'boom'));
    await logout();
    expect(showError).toHaveBeenCalledWith('Error with logging out');
    expect(getSession().status).toBe('signed-out');
  });

  it('says nothing when the server answers that the session had already ended (401)', async () => {
    const { logout, logoutCall, ApiError, showError, getSession } = await freshStore(tokenOf('CSR'));
    logoutCall.mockRejectedValueOnce(new ApiError(401, 'expired'));
    await logout();
    expect(showError).not.toHaveBeenCalled();
    expect(getSession().status).toBe('signed-out');
  });

  it('on expiry alerts, logs out locally and remembers the page to come back to', async () => {
    const { expireSession, getSession, getRedirectPath, showAlert, logoutCall } = await freshStore(
      tokenOf('CSR', 1),
    );
    expireSession();
    await vi.waitFor(() => expect(getSession().status).toBe('signed-out'));
    expect(showAlert).toHaveBeenCalledWith('Authentication expired. Please log in.');
    expect(logoutCall).not.toHaveBeenCalled();
    expect(getSession().endedBy).toBe('expired');
    expect(getRedirectPath()).toBe('/order-details?orderId=4');
  });

  it('on a sign-in in another tab alerts and logs out, remembering nothing', async () => {
    const { handleOtherTabSignIn, getSession, getRedirectPath, acknowledgeLogout, showAlert } =
      await freshStore(tokenOf('CSR'));
    handleOtherTabSignIn();
    await vi.waitFor(() => expect(getSession().status).toBe('signed-out'));
    expect(showAlert).toHaveBeenCalledWith(
      'Another user signed in from another tab, you will be logged out automatically.',
    );
    expect(getRedirectPath()).toBeNull();
    expect(getSession().endedBy).toBe('other-tab');
    acknowledgeLogout();
    expect(getSession().endedBy).toBeNull();
  });

  it('does nothing when already signed out', async () => {
    const { logout, expireSession, handleOtherTabSignIn, navigate, logoutCall, showAlert } =
      await freshStore();
    await logout();
    expireSession();
    handleOtherTabSignIn();
    expect(logoutCall).not.toHaveBeenCalled();
    expect(showAlert).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('where to go after signing in (ordering §2)', () => {
  it('goes to the remembered path when the role may open it, else home; the path is used once', async () => {
    const { rememberRedirectPath, takePostLoginPath } = await freshStore();
    rememberRedirectPath('/cart?x=1');
    expect(takePostLoginPath('VENDOR')).toBe('/cart?x=1');
    expect(takePostLoginPath('VENDOR')).toBe('/');
    rememberRedirectPath('/cart');
    expect(takePostLoginPath('FINANCE')).toBe('/');
    rememberRedirectPath('/nowhere');
    expect(takePostLoginPath('ADMIN')).toBe('/');
  });

  it("knows a path's route and the public paths", async () => {
    const { appRouteOf, isPublicPath } = await freshStore();
    expect(appRouteOf('/order-details?orderId=1')).toBe('/order-details');
    expect(appRouteOf('/cart/')).toBe('/cart');
    expect(appRouteOf('/nowhere')).toBeNull();
    expect(isPublicPath('/reset-password?token=x')).toBe(true);
    expect(isPublicPath('/cart')).toBe(false);
  });
});
