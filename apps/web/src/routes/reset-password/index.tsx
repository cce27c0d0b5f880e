/**
 * Reset password screen (/reset-password?token=…, ordering §2 Reset password, §5 Validation):
 * Password and Confirm Password, submitted with the token from the link (no bearer) under the
 * overlay 'Updating Password...'. Success: 'Password Successfully Updated' and on to /login.
 * Without a token the user is sent home.
 */
import { Anchor, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LIMITS, MESSAGES, OVERLAYS } from '@selvedge/shared';
import { useMutation } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { updatePassword } from '../../api/auth';
import { AuthCard, AuthForm, AuthPasswordInput, useAuthFailure } from '../../features/auth/AuthCard';
import { type ResetValues, validateReset } from '../../features/auth/reset-password-rules';
import { showSuccess } from '../../ui/messages';
import { withOverlay } from '../../ui/overlay';

/** The reset password screen. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { failure, attempt } = useAuthFailure();
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

  const submit = form.onSubmit((values) =>
    attempt(async () => {
      await mutation.mutateAsync(values.password);
      showSuccess(MESSAGES.passwordUpdated);
      navigate('/login', { replace: true });
    }),
  );

  return (
    <AuthCard title="Reset Password">
      <Text size="sm" c="dimmed">
        Choose a new password of at least {LIMITS.minPasswordLength} characters.
      </Text>
      <AuthForm
        label="Reset Password"
        submitLabel="Update Password"
        onSubmit={submit}
        failure={failure}
        busy={mutation.isPending}
        testIdPrefix="reset"
      >
        <AuthPasswordInput
          label="Password"
          autoComplete="new-password"
          autoFocus
          data-testid="reset-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <AuthPasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          data-testid="reset-confirm-password"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
      </AuthForm>
      <Text size="xs" ta="center">
        <Anchor component={Link} to="/login" size="xs">
          Back to Log In
        </Anchor>
      </Text>
    </AuthCard>
  );
}
