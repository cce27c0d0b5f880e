/**
 * The route tree (ordering §2 Route table), built from the screen registry. Every screen is a lazy
 * route so the first load carries only the shell; protected screens sit under RequireRole.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireRole, RoleRedirect } from './features/session/guards';
import { registerSessionNavigator } from './features/session/session-store';
import { PROTECTED_SCREENS, PUBLIC_SCREENS, type RouteHandle, type ScreenDef } from './routes/screens';
import { AppLayout, AppLoading } from './ui/AppLayout';
import { RouteError } from './ui/route-states';

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
];

/** The app's browser router. */
export const router = createBrowserRouter(routes);

registerSessionNavigator((to) => router.navigate(to, { replace: true }));
