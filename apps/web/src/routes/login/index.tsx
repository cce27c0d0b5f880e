/**
 * Login screen (/login, ordering §2 Login, §5 Validation): Email and Password, both required, Enter
 * submits. Success starts the session (other tabs are told and log out) and opens the remembered
 * path or home. A refused login shows the answer's message in red. A signed-in user sent here
 * because their role may not open a page sees why.
 */
import { Alert, Anchor, Text, TextInput } from '@mantine/core';
import { useField } from '@mantine/form';
import {
  GENERIC_MESSAGES,
  type LoginRequest,
  landingRouteFor,
  PASSWORD_MESSAGES,
  ROLE_LABELS,
} from '@selvedge/shared';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { login } from '../../api/auth';
import { AuthCard, AuthForm, AuthPasswordInput, useAuthFailure } from '../../features/auth/AuthCard';
import { deniedFrom } from '../../features/session/guards';
import { acknowledgeLogout, signIn, takePostLoginPath } from '../../features/session/session-store';
import { useSession } from '../../features/session/use-session';
import { lazySchemaResolver } from '../../ui/lazy-schema';

/** The shared sign-in schema (and zod) load on the first submit, not with the screen. */
const validateLogin = lazySchemaResolver(() => import('./login-schema').then((m) => m.loginRequest));

function DeniedNotice({ path, name, role }: { path: string; name: string; role: keyof typeof ROLE_LABELS }) {
  const hasHome = landingRouteFor(role) !== '/login';
  return (
    <Alert
      color="yellow"
      icon={<IconLock size={18} />}
      title="Page not available for your role"
      data-testid="login-denied"
    >
      <Text size="sm">
        You are signed in as {name} ({ROLE_LABELS[role]}).{' '}
        {hasHome ? (
          <>
            That role may not open{' '}
            <Text span ff="monospace">
              {path}
            </Text>
            . Sign in with an account that may, or{' '}
            <Anchor component={Link} to="/" size="sm">
              go to your home page
            </Anchor>
            .
          </>
        ) : (
          <>
            Your account has no role in the portal yet. Please ask an administrator, or sign in with another
            account.
          </>
        )}
      </Text>
    </Alert>
  );
}

/** The login screen. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const denied = session.authenticated ? deniedFrom(location.state) : null;
  const { failure, setFailure, attempt } = useAuthFailure();

  // Two fields of Mantine's form library, without its whole-form machinery (the login
  // screen is the first load of most visits).
  const email = useField({ mode: 'uncontrolled', initialValue: '' });
  const password = useField({ mode: 'uncontrolled', initialValue: '' });

  const mutation = useMutation({ mutationFn: login, meta: { silentError: true } });

  useEffect(() => {
    if (session.status === 'signed-out') acknowledgeLogout();
  }, [session.status]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values: LoginRequest = { email: email.getValue(), password: password.getValue() };
    const errors = await validateLogin(values);
    email.setError(errors.email ?? null);
    password.setError(errors.password ?? null);
    if (errors.email || errors.password) return;
    await attempt(async () => {
      const answer: { access_token?: string; message?: string } = await mutation.mutateAsync({
        email: values.email.trim(),
        password: values.password,
      });
      if (!answer?.access_token) {
        setFailure(answer?.message || GENERIC_MESSAGES.unexpectedError);
        return;
      }
      const user = signIn(answer.access_token);
      navigate(takePostLoginPath(user.role), { replace: true });
    });
  };

  return (
    <AuthCard title="Log In">
      {denied && session.user && (
        <DeniedNotice
          path={denied.path}
          name={session.user.name || session.user.email}
          role={session.user.role}
        />
      )}
      {!denied && session.user && (
        <Text size="sm" c="dimmed" ta="center">
          You are signed in as {session.user.name || session.user.email}.{' '}
          <Anchor component={Link} to="/" size="sm">
            Continue
          </Anchor>
        </Text>
      )}
      <AuthForm
        label="Log In"
        onSubmit={submit}
        failure={failure}
        busy={mutation.isPending}
        testIdPrefix="login"
      >
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          withAsterisk={false}
          autoFocus
          data-testid="login-email"
          key={email.key}
          {...email.getInputProps()}
        />
        <AuthPasswordInput
          label="Password"
          autoComplete="current-password"
          data-testid="login-password"
          key={password.key}
          {...password.getInputProps()}
        />
      </AuthForm>
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} p="xs">
        <Text size="xs" data-testid="password-expiry-notice">
          {PASSWORD_MESSAGES.passwordExpiryNotice}
        </Text>
      </Alert>
      <Text size="xs" ta="center" c="dimmed">
        By signing in you accept the{' '}
        <Anchor component={Link} to="/terms-and-conditions" size="xs">
          Terms and Conditions
        </Anchor>
        .
      </Text>
    </AuthCard>
  );
}
