/** Public app settings (GET /app-config → {brandName}); the brand feeds page titles and the footer. */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

/** Brand shown until /app-config answers (ARCHITECTURE.md Config: BRAND_NAME defaults to Selvedge). */
export const DEFAULT_BRAND_NAME = 'Selvedge';

/** Answer of GET /app-config. */
export interface AppConfig {
  brandName: string;
}

export const appConfigKeys = {
  all: ['app-config'] as const,
};

/** GET /app-config (public, no bearer). */
export function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api.get<AppConfig>('/app-config', { auth: false, signal });
}

/**
 * The settings the server wrote into index.html (`<meta name="brand-name">`, decision 0021: no request
 * for them on the first load); undefined where the page has none (the development server).
 */
function configFromPage(): AppConfig | undefined {
  const brandName = document.querySelector<HTMLMetaElement>('meta[name="brand-name"]')?.content;
  return brandName === undefined ? undefined : { brandName };
}

/** The brand name: the server's BRAND_NAME once known, 'Selvedge' until then or if the call fails. */
export function useBrandName(): string {
  const { data } = useQuery({
    queryKey: appConfigKeys.all,
    queryFn: ({ signal }) => fetchAppConfig(signal),
    initialData: configFromPage,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });
  const name = data?.brandName?.trim();
  return name || DEFAULT_BRAND_NAME;
}
