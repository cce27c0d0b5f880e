import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api';
import { renderScreen } from '../../test/screen';
import TermsAndConditionsPage, { TERMS_LAST_UPDATED } from '.';

afterEach(() => vi.unstubAllGlobals());

describe('the terms and conditions (master-data §1)', () => {
  it('are public, dated January 9th, 2020, from Ontario, with the brand of the answer', async () => {
    stubApi({ 'GET /app-config': { body: { brandName: 'Acme Labels' } } });
    renderScreen(<TermsAndConditionsPage />, { route: '/terms-and-conditions', role: null });
    expect(screen.getByRole('heading', { name: 'Terms and Conditions' })).toBeTruthy();
    expect(TERMS_LAST_UPDATED).toBe('January 9th, 2020');
    expect(screen.getByTestId('terms-last-updated').textContent).toBe('Last updated: January 9th, 2020');
    expect(screen.getByText(/operated from the Province of Ontario, Canada/)).toBeTruthy();
    expect(
      await screen.findByText(/These terms govern your use of the Acme Labels order portal/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to the portal' }).getAttribute('href')).toBe('/');
  });
});
