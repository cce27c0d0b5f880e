/**
 * The route tree (ordering §2 Route table), built from the screen registry. Every screen is a lazy
 * route so the first load carries only the shell; protected screens sit under RequireRole.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireRole, RoleRedirect } from './features/session/guards';
import { registerSessionNavigator } from './features/session/session-store';
import {
  PASSPORT_SCREEN,
  PROTECTED_SCREENS,
  PUBLIC_SCREENS,
  type RouteHandle,
  type ScreenDef,
} from './routes/screens';
import { AppLayout, AppLoading } from './ui/AppLayout';
import { PageLoader, RouteError } from './ui/route-states';

const lazyScreen = (screen: ScreenDef) => async () => ({ Component: (await screen.load()).default });

const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: RoleRedirect, handle: { title: 'Home' } satisfies RouteHandle },
      ...PUBLIC_SCREENS.map(
        (screen): RouteObject => ({
          path: screen.path.slice(1),
          handle: { title: screen.title } satisfies RouteHandle,
          lazy: lazyScreen(screen),
        }),
      ),
      ...PROTECTED_SCREENS.map(
        (screen): RouteObject => ({
          path: screen.path.slice(1),
          handle: { title: screen.title } satisfies RouteHandle,
          element: <RequireRole route={screen.path} />,
          children: [{ index: true, lazy: lazyScreen(screen) }],
        }),
      ),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
  // The product passport (decision 0044): the GS1 Digital Link path a care label's QR code
  // opens, public and outside the signed-in frame (no navigation bar).
  {
    path: PASSPORT_SCREEN.path,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    handle: { title: PASSPORT_SCREEN.title } satisfies RouteHandle,
    lazy: lazyScreen(PASSPORT_SCREEN),
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's browser router, created on the first call (main.tsx, when the app starts rendering).
 * Creating it matches the address against every route and starts loading the screen's module:
 * done at module load, it lengthened the task that evaluates the first modules, the longest of a
 * first load (decision 0075).
 */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  if (!router) {
    const created = createBrowserRouter(routes);
    registerSessionNavigator((to) => created.navigate(to, { replace: true }));
    router = created;
  }
  return router;
}
