/** The Mantine theme of the portal (kept small: the library's defaults with a brand colour). */
import { createTheme } from '@mantine/core';

/** App-wide Mantine theme. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
});
