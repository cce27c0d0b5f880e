import { Button, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from './render';

function Where() {
  const location = useLocation();
  return <p>{location.pathname + location.search}</p>;
}

describe('renderWithProviders', () => {
  it('renders Mantine components that the user can type into', async () => {
    renderWithProviders(
      <>
        <TextInput label="Contact" />
        <Button>Place Order</Button>
      </>,
    );
    await userEvent.type(screen.getByLabelText('Contact'), 'Ann');
    expect(screen.getByLabelText('Contact')).toHaveProperty('value', 'Ann');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeTruthy();
  });

  it('puts the tree in a router at the given address', () => {
    renderWithProviders(<Where />, { route: '/order-details?orderId=7' });
    expect(screen.getByText('/order-details?orderId=7')).toBeTruthy();
  });
});
