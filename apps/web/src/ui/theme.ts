/**
 * The Mantine theme of the portal: the library's defaults with a brand colour, tuned for contrast
 * (accessible to everyone: WCAG 2.1 AA asks 4.5:1 for text; Mantine's default shades
 * give white on blue at 3.6:1 and grey secondary text at 3.3:1).
 */
import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  luminance,
  type MantineColorsTuple,
} from '@mantine/core';

/** App-wide Mantine theme. */
export const theme = createTheme({
  primaryColor: 'blue',
  // Filled colours, links and focus rings one step darker than Mantine's shade 6: white on blue-8
  // reads at 5.0:1. Colours too light even then are darkened further below (cssVariablesResolver).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  components: {
    // A close button (×) of a message, dialog or drawer is an icon alone: it needs a name (WCAG 2.1 AA).
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    // The same button clearing a field (Select, date inputs) is named for what it does.
    InputClearButton: { defaultProps: { 'aria-label': 'Clear' } },
    // A loader is a status: its name ("Loading the PDF") is announced, and allowed on the element.
    Loader: { defaultProps: { role: 'status' } },
    // Every date input's clear button (×) gets a name (WCAG 2.1 AA); ui/DateField names it after its
    // field. A plain object, not DateInput.extend(): importing @mantine/dates here would put the
    // date pickers in every screen's first load.
    DateInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear date' } } },
    // A Select's list of options is built when it opens, not hidden in the page from the first render
    // (Mantine's Combobox keeps it mounted by default): a form of five selects then paints without
    // building and positioning five hidden dropdowns (decision 0021, total blocking time). A Select given
    // comboboxProps of its own keeps Mantine's default.
    Select: { defaultProps: { comboboxProps: { keepMounted: false } } },
  },
});

/** Text needs 4.5:1; a little above it, as browsers round colours differently. */
const MIN_CONTRAST = 4.6;

/** WCAG contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The first shade from `from` on that reads on `background` (then shade 9 darkened step by step):
 * green, orange, yellow and teal are too light for text even at shade 9.
 */
function readableOn(background: string, shades: MantineColorsTuple, from: number): string {
  for (let shade = from; shade <= 9; shade++) {
    if (contrast(shades[shade], background) >= MIN_CONTRAST) return shades[shade];
  }
  for (let amount = 0.1; amount < 1; amount += 0.1) {
    const darker = darken(shades[9], amount);
    if (contrast(darker, background) >= MIN_CONTRAST) return darker;
  }
  return '#000000';
}

/**
 * Colour variables of the light scheme, for every colour of the theme, so that whatever colour a
 * screen picks reads at 4.5:1 (WCAG 2.1 AA):
 * - `filled` (buttons, badges): white text on it, so a shade dark enough for white;
 * - `text` and `outline` (coloured text, outline buttons and badges): readable on the page's
 *   lightest backgrounds (white and gray-0);
 * - `light-color` (text of light buttons, badges and alerts): readable on its tint (shade 1);
 * - `dimmed` (secondary text): #5c636a, 6.1:1 on white and 5.5:1 on gray-1, instead of gray-6
 *   (3.3:1); `error` (field errors) follows red text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  };
  for (const [name, shades] of Object.entries(resolved.colors)) {
    const filled = readableOn(resolved.white, shades, 8);
    const text = readableOn(resolved.colors.gray[0], shades, 8);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[1], shades, 9);
  }
  return { variables: {}, light, dark: {} };
};
