/** The centred card that holds the login and reset-password forms. */
import { Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A centred, bordered card with a title; used by the public auth screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="calc(100dvh - 140px)" py="xl">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <Stack gap="md">
          <Title order={2} ta="center">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** Props for the password visibility toggle (its label avoids the word "password" so the field's label stays unique). */
export const visibilityToggleProps = { 'aria-label': 'Show or hide the typed characters' };
