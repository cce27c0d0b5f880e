/**
 * Request a password reset for a user (master-data §4 Users; POST /auth/users/{id}/reset-password):
 * the user gets a mail with a single-use link; the admin sees 'Password Reset Sent'.
 */
import { Button } from '@mantine/core';
import { MESSAGES, OVERLAYS } from '@selvedge/shared';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { showSuccess } from '../../ui/messages';
import { withOverlay } from '../../ui/overlay';

export function PasswordResetButton({ userId }: { userId: number }) {
  const mutation = useMutation({
    mutationFn: () => withOverlay(OVERLAYS.loading, api.post(`/auth/users/${userId}/reset-password`)),
    onSuccess: () => showSuccess(MESSAGES.passwordReset),
  });
  return (
    <Button
      type="button"
      variant="default"
      leftSection={<IconMailForward size={18} />}
      loading={mutation.isPending}
      onClick={() => mutation.mutate()}
      data-testid="user-reset-password"
    >
      Send Password Reset
    </Button>
  );
}
