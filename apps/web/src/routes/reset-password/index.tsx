/**
 * Reset password screen (/reset-password?token=…, ordering §2 Reset password, §5 Validation):
 * Password and Confirm Password, submitted with the token from the link (no bearer) under the
 * overlay 'Updating Password...'. Success: 'Password Successfully Updated' and on to /login.
 * Without a token the user is sent home.
 */
import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LIMITS, MESSAGES, OVERLAYS } from '@selvedge/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { updatePassword } from '../../api/auth';
import { AuthCard, visibilityToggleProps } from '../../features/auth/AuthCard';
import { type ResetValues, validateReset } from '../../features/auth/reset-password-rules';
import { errorMessageOf, showSuccess } from '../../ui/messages';
import { withOverlay } from '../../ui/overlay';

/** The reset password screen. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: validateReset,
  });
  const mutation = useMutation({
    mutationFn: (password: string) =>
      withOverlay(OVERLAYS.updatingPassword, updatePassword(token ?? '', { password })),
    meta: { silentError: true },
  });

  if (!token) return <Navigate to="/" replace />;

  const submit = form.onSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await mutation.mutateAsync(password);
      showSuccess(MESSAGES.passwordUpdated);
      navigate('/login', { replace: true });
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  });

  return (
    <AuthCard title="Reset Password">
      <Text size="sm" c="dimmed">
        Choose a new password of at least {LIMITS.minPasswordLength} characters.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Reset Password">
        <Stack gap="sm">
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            withAsterisk={false}
            autoFocus
            visibilityToggleButtonProps={visibilityToggleProps}
            data-testid="reset-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            required
            withAsterisk={false}
            visibilityToggleButtonProps={visibilityToggleProps}
            data-testid="reset-confirm-password"
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          {failure && (
            <Text c="red" size="sm" role="alert" data-testid="reset-error">
              {failure}
            </Text>
          )}
          <Button type="submit" fullWidth loading={mutation.isPending} data-testid="reset-submit">
            Update Password
          </Button>
        </Stack>
      </form>
      <Text size="xs" ta="center">
        <Anchor component={Link} to="/login" size="xs">
          Back to Log In
        </Anchor>
      </Text>
    </AuthCard>
  );
}
