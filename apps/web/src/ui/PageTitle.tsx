/**
 * Sets the document title to '<Route Name> | <brand>' (ordering §2: the page title follows the route
 * name, with a suffix carrying the brand). The route name comes from the deepest route handle.
 */
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useBrandName } from '../api/app-config';
import type { RouteHandle } from '../routes/screens';

/** Builds a page title from a route name and the brand. */
export function pageTitle(routeName: string | undefined, brand: string): string {
  return routeName ? `${routeName} | ${brand}` : brand;
}

/** Keeps document.title in step with the current route (renders nothing). */
export function PageTitle() {
  const brand = useBrandName();
  const matches = useMatches();
  const routeName = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  const title = pageTitle(routeName?.title, brand);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
