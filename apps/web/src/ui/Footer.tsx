/** Page footer (ordering §9, master-data §1): '© <current year> <brand>' and the terms link. */
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useBrandName } from '../api/app-config';

/** The footer shown on every page; the year comes from the current date. */
export function Footer() {
  const brand = useBrandName();
  const year = new Date().getFullYear();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Text size="xs" c="dimmed" data-testid="footer-copyright">
        © {year} {brand}
      </Text>
      <Anchor component={Link} to="/terms-and-conditions" size="xs" c="dimmed">
        Terms and Conditions
      </Anchor>
    </Group>
  );
}
