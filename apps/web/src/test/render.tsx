/**
 * The one render helper of the web unit tests (decision 0059): a component or hook inside the app's
 * providers, as main.tsx nests them: Mantine with the app's theme, a TanStack Query client of the
 * test's own (no retries, nothing shared between tests) and, when `route` is given, a memory router
 * at that address.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderHookOptions, type RenderOptions, render, renderHook } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { cssVariablesResolver, theme } from '../ui/theme';

/** Where the tree is rendered: `route` puts it in a memory router at that address ('/x?id=1'). */
export interface Providers {
  route?: string;
  client?: QueryClient;
}

/** A query client for one test: no retry, no cache kept after the test's observers go. */
export const testQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });

function wrapperOf({ route, client = testQueryClient() }: Providers) {
  return function Wrapper({ children }: { children: ReactNode }) {
    // useNavigate, useSearchParams and Link need a router; a memory one keeps the address in the test.
    const inner = route ? <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter> : children;
    return (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={client}>{inner}</QueryClientProvider>
      </MantineProvider>
    );
  };
}

/** Renders `ui` inside the app's providers (Testing Library's render). */
export function renderWithProviders(ui: ReactElement, providers: Providers & RenderOptions = {}) {
  const { route, client, ...options } = providers;
  return render(ui, { wrapper: wrapperOf({ route, client }), ...options });
}

/** Runs a hook inside the app's providers (Testing Library's renderHook). */
export function renderHookWithProviders<Result, Props>(
  hook: (props: Props) => Result,
  providers: Providers & RenderHookOptions<Props> = {},
) {
  const { route, client, ...options } = providers;
  return renderHook(hook, { wrapper: wrapperOf({ route, client }), ...options });
}
