import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '@selvedge/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api';
import { currentLocation, expectSuccessMessage, renderScreen } from '../../test/screen';
import ResetPasswordPage from '.';

afterEach(() => vi.unstubAllGlobals());

const open = () => renderScreen(<ResetPasswordPage />, { route: '/reset-password?token=abc', role: null });
const password = () => screen.getByLabelText('Password');
const confirm = () => screen.getByLabelText('Confirm Password');
const long = 'correct horse battery';

describe('the reset password screen (ordering §2 Reset password, §5 Validation, §8)', () => {
  it('sends a user without a token home', () => {
    stubApi({});
    renderScreen(<ResetPasswordPage />, { route: '/reset-password', role: null });
    expect(currentLocation()).toBe('/');
  });

  it('asks for both passwords, then for 14 characters, then for the same twice; sends nothing meanwhile', async () => {
    const calls = stubApi({});
    open();
    await userEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findAllByText(PASSWORD_MESSAGES.confirmPasswordRequired)).toHaveLength(2);
    await userEvent.type(password(), 'short');
    await userEvent.type(confirm(), 'short{Enter}');
    expect(await screen.findByText(PASSWORD_MESSAGES.passwordTooShort)).toBeTruthy();
    await userEvent.clear(password());
    await userEvent.type(password(), long);
    await userEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText(PASSWORD_MESSAGES.passwordsMustMatch)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('updates the password with the token on Enter, says so and opens the login', async () => {
    const calls = stubApi({ 'POST /auth/update-password': { body: { message: 'ok' } } });
    open();
    await userEvent.type(password(), long);
    await userEvent.type(confirm(), `${long}{Enter}`);
    await expectSuccessMessage(PASSWORD_MESSAGES.passwordUpdated);
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/auth/update-password?token=abc', { password: long }],
    ]);
  });

  it("shows a refused link's message and stays", async () => {
    stubApi({
      'POST /auth/update-password': { status: 400, body: { message: AUTH_MESSAGES.resetLinkInvalid } },
    });
    open();
    await userEvent.type(password(), long);
    await userEvent.type(confirm(), `${long}{Enter}`);
    expect((await screen.findByTestId('reset-error')).textContent).toBe(AUTH_MESSAGES.resetLinkInvalid);
    expect(currentLocation()).toBe('/reset-password?token=abc');
  });
});
