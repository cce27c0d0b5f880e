/**
 * The phone width of the screens (decision 0038: every screen fits 390 px): below Mantine's `xs`
 * breakpoint (576 px), filter forms start collapsed (FilterPanel) and wide result tables show one
 * summary cell per row (VariableDataResultsTable).
 */
import { useMediaQuery } from '@mantine/hooks';

/** The media query of a phone-wide screen. */
export const PHONE_QUERY = '(max-width: 35.99em)';

/**
 * True while the window is phone-wide. Read at once, not in an effect, so a phone never renders the
 * desktop layout first and then switches.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}
