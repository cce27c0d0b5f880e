/**
 * The app shell around every route: header (navigation bar when signed in, brand alone otherwise),
 * the routed page, and the footer. Also keeps the page title in step and shows a thin progress bar
 * while a lazy screen loads.
 */
import { Anchor, AppShell, Button, Group, Progress } from '@mantine/core';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { useBrandName } from '../api/app-config';
import { useSession } from '../features/session/use-session';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { PageTitle } from './PageTitle';

function PublicHeader() {
  const brand = useBrandName();
  const { pathname } = useLocation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor component={Link} to="/" fw={800} fz="lg" underline="never" c="inherit">
        {brand}
      </Anchor>
      {pathname !== '/login' && (
        <Button component={Link} to="/login" variant="default">
          Log In
        </Button>
      )}
    </Group>
  );
}

/** Root layout of the router: header, page (Outlet) and footer. */
export function AppLayout() {
  const session = useSession();
  const navigation = useNavigation();
  return (
    <AppShell header={{ height: 60 }} footer={{ height: 36 }} padding="md">
      <PageTitle />
      <AppShell.Header>
        {session.authenticated ? <NavBar session={session} /> : <PublicHeader />}
      </AppShell.Header>
      <AppShell.Main>
        {navigation.state === 'loading' && (
          <Progress
            value={100}
            animated
            size="xs"
            radius={0}
            pos="fixed"
            top={60}
            left={0}
            right={0}
            style={{ zIndex: 101 }}
            aria-label="Loading page"
          />
        )}
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}
