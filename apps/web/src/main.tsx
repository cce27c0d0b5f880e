/**
 * Entry point: Mantine (styles, notifications, modals), TanStack Query, the session watcher, the
 * global overlay and the router.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './ui/global.css';

import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/query-client';
import { SessionWatcher } from './features/session/SessionWatcher';
import { router } from './router';
import { GlobalOverlay } from './ui/overlay';
import { theme } from './ui/theme';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          {/* Below the header, so a retained error never covers the navigation bar or Log Out. */}
          <Notifications position="top-right" zIndex={1000} classNames={{ root: 'app-notifications' }} />
          <GlobalOverlay />
          <SessionWatcher />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
