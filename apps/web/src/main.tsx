/**
 * Entry point: Mantine (theme and global styles), TanStack Query, the message and dialog hosts
 * (loaded when first needed), the session watcher, the global overlay, the router, and one
 * reload when a chunk of an older build fails to load (ui/staleChunks.ts).
 */
// Mantine's global sheets; each component's own sheet comes with the component (vite.config.ts,
// mantineCssPerComponent), so the first load carries only the styles of what it renders.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './ui/global.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/query-client';
import { SessionWatcher } from './features/session/SessionWatcher';
import { appRouter } from './router';
// The login screen is the first screen of most visits: it comes with the app, not as a second
// download after it. The router still loads it through its lazy route and finds it here.
import './routes/login';
import { MessagesHost, ModalsHost } from './ui/hosts';
import { GlobalOverlay } from './ui/overlay';
import { reloadOnStaleChunk } from './ui/staleChunks';
import { cssVariablesResolver, theme } from './ui/theme';

// A chunk of an older build that the server no longer has: reload once (ui/staleChunks.ts).
reloadOnStaleChunk();

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

/**
 * The app's stylesheet, linked by the build with media="print" so that it does not hold the first
 * paint (vite.config.ts, inlineFrameCss): switched on here, and the app renders once it has arrived
 * (or failed), so that no screen shows unstyled. Without such a link (development) at once.
 */
function appStylesheet(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-app-css]');
  if (!link) return Promise.resolve();
  return new Promise((resolve) => {
    const apply = () => {
      link.media = 'all';
      resolve();
    };
    if (link.sheet) apply();
    else {
      link.addEventListener('load', apply, { once: true });
      link.addEventListener('error', apply, { once: true });
    }
  });
}

/**
 * Resolves in a task of its own: the work after it does not lengthen the task that evaluated the
 * app's modules (decision 0075, total blocking time on a slow phone).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const root = createRoot(container);
// The router is created, and the first render started, in a task after the one that evaluated the
// modules. The first render is a transition: React renders the page in slices of a few milliseconds and
// lets the browser in between, instead of one task that blocks the page for the whole render (decision 0021,
// total blocking time on a slow phone). What shows is the same.
void Promise.all([appStylesheet(), nextTask()]).then(() => {
  const router = appRouter();
  startTransition(() =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <QueryClientProvider client={queryClient}>
            <MessagesHost />
            <ModalsHost />
            <GlobalOverlay />
            <SessionWatcher />
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
});
