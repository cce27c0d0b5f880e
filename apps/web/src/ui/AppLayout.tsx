/**
 * The app shell around every route: header (navigation bar when signed in, brand alone otherwise),
 * the routed page, and the footer. Also keeps the page title in step and shows a thin progress bar
 * while a lazy screen loads. The navigation bar (menus, drawer, tooltips) is loaded only once
 * someone is signed in, so the login screen does not carry it.
 */
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { useBrandName } from '../api/app-config';
import { useSessionUser } from '../features/session/use-session';
import { SCREEN_HEADINGS } from '../routes/headings';
import { Footer } from './Footer';
import { PageTitle } from './PageTitle';
import { PageLoader } from './route-states';

/**
 * react-remove-scroll-bar's class for fixed bars: while a dialog locks the page's scrolling, it
 * keeps them clear of the scrollbar's place, so the header does not jump.
 */
const SCROLL_LOCK_OFFSET = 'right-scroll-bar-position';

const NavBar = lazy(() => import('./NavBar').then((m) => ({ default: m.NavBar })));
// Live updates (docs/decisions/0068): one event stream per signed-in tab, loaded with the navigation bar.
const LiveUpdates = lazy(() =>
  import('../features/live/LiveUpdates').then((m) => ({ default: m.LiveUpdates })),
);
const PageLoadingBar = lazy(() => import('./progress').then((m) => ({ default: m.PageLoadingBar })));

/** The header of a signed-out visitor; also stands in for the navigation bar while its code loads. */
function PublicHeader({ withLogin = true }: { withLogin?: boolean }) {
  const brand = useBrandName();
  const { pathname } = useLocation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor component={Link} to="/" fw={800} fz="lg" underline="never" c="inherit">
        {brand}
      </Anchor>
      {withLogin && pathname !== '/login' && (
        <Button component={Link} to="/login" variant="default">
          Log In
        </Button>
      )}
    </Group>
  );
}

/**
 * The fixed header and footer around the page, styled in global.css: Mantine's AppShell did the
 * same with 10 KB of code for navbars and asides the portal does not have.
 */
function Frame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <>
      <header className={`app-header ${SCROLL_LOCK_OFFSET}`}>{header}</header>
      <main className="app-main">{children}</main>
      <footer className={`app-footer ${SCROLL_LOCK_OFFSET}`}>
        <Footer />
      </footer>
    </>
  );
}

/**
 * False until the frame after the layout's first paint. The navigation bar and the live updates
 * (about 50 KiB with their library parts) load only then: fetched beside the screen's own files,
 * they took a slow link's bandwidth from the screen and held its first paint back (decision 0073).
 * The brand stands in for the bar until it comes. The switch renders in the background, in slices
 * (a transition): it is not a reply to anything the user did (decision 0078, total blocking time).
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // requestAnimationFrame runs before the next paint; the task it queues runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Root layout of the router: header, page (Outlet) and footer. */
export function AppLayout() {
  const { authenticated } = useSessionUser();
  const navigation = useNavigation();
  const painted = useAfterFirstPaint();
  const header = !authenticated ? (
    <PublicHeader />
  ) : !painted ? (
    <PublicHeader withLogin={false} />
  ) : (
    <Suspense fallback={<PublicHeader withLogin={false} />}>
      <NavBar />
      <LiveUpdates />
    </Suspense>
  );
  return (
    <Frame header={header}>
      <PageTitle />
      {navigation.state === 'loading' && (
        <Suspense fallback={null}>
          <PageLoadingBar />
        </Suspense>
      )}
      <Outlet />
    </Frame>
  );
}

/**
 * What shows while the first screen's code loads (the router's HydrateFallback): the frame with
 * the brand, the screen's heading where it has a fixed one (routes/headings.ts), and a loader. The page paints its header and footer at once instead of a bare loader
 * (decision 0021: the first paint comes sooner on a slow link), and they do not move when the screen comes.
 */
export function AppLoading() {
  const heading = SCREEN_HEADINGS[useLocation().pathname];
  return (
    <Frame header={<PublicHeader withLogin={false} />}>
      {heading ? (
        <Stack gap="md" maw={1400} mx="auto" w="100%">
          <Title order={2}>{heading}</Title>
          <PageLoader />
        </Stack>
      ) : (
        <PageLoader />
      )}
    </Frame>
  );
}
