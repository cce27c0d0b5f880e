/** Shared states of routed pages: a page-sized loader and the route error boundary. */
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** A centred loader filling the page (first load of a lazy route). */
export function PageLoader() {
  return (
    <Center h="60vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) {
    // A lazy chunk that no longer exists (new deployment): a reload fetches the new files.
    if (
      /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
        error.message,
      )
    ) {
      return 'A new version of the portal is available. Please reload the page.';
    }
    return error.message;
  }
  return 'Unknown error';
}

/** Route error boundary: says what went wrong and offers a way home or a reload. */
export function RouteError() {
  const error = useRouteError();
  return (
    <Center p="xl">
      <Stack maw={560} w="100%">
        <Title order={2}>Something went wrong</Title>
        <Alert color="red" icon={<IconAlertTriangle />} title="Error">
          <Text size="sm">{describe(error)}</Text>
        </Alert>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Anchor component={Link} to="/">
            Go to the home page
          </Anchor>
        </Group>
      </Stack>
    </Center>
  );
}

/**
 * The red panel a screen shows when its data could not be loaded: what failed, the server's
 * message (ordering §8 texts via errorMessageOf) and a way to try again.
 */
export function LoadErrorAlert(props: {
  title: string;
  message: string;
  onRetry: () => void;
  testId?: string;
}) {
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle />}
      title={props.title}
      role="alert"
      data-testid={props.testId}
    >
      <Group justify="space-between" align="center">
        <Text size="sm">{props.message}</Text>
        <Button size="xs" variant="white" color="red" onClick={props.onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
