/**
 * The pieces of the public auth screens (ordering §2 Login, Reset password): the centred card, the
 * form with its red refusal and submit button, the password field, and the refusal's state.
 */
import {
  Button,
  Center,
  Paper,
  PasswordInput,
  type PasswordInputProps,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessageOf } from '../../ui/messages';

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
const visibilityToggleProps = { 'aria-label': 'Show or hide the typed characters' };

/** A password field of the auth screens: required (no asterisk) and with its show/hide toggle. */
export function AuthPasswordInput(props: PasswordInputProps & { 'data-testid'?: string }) {
  return (
    <PasswordInput
      required
      withAsterisk={false}
      visibilityToggleButtonProps={visibilityToggleProps}
      {...props}
    />
  );
}

/**
 * The form of an auth screen, named `label` (its submit button's text too): the fields
 * (`children`), the refusal in red when there is one, and the submit button, loading while `busy`.
 * Test ids: `${testIdPrefix}-error`, `${testIdPrefix}-submit`.
 */
export function AuthForm({
  label,
  submitLabel = label,
  onSubmit,
  failure,
  busy,
  testIdPrefix,
  children,
}: {
  label: string;
  submitLabel?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  failure: string | null;
  busy: boolean;
  testIdPrefix: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        {children}
        {failure && (
          <Text c="red" size="sm" role="alert" data-testid={`${testIdPrefix}-error`}>
            {failure}
          </Text>
        )}
        <Button type="submit" fullWidth loading={busy} data-testid={`${testIdPrefix}-submit`}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The refusal an auth form shows: `attempt(work)` clears it, runs `work` and shows the message of
 * what `work` throws (the answer's message, ordering §5); `setFailure` shows one directly.
 */
export function useAuthFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = async (work: () => Promise<void>) => {
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };
  return { failure, setFailure, attempt };
}
