/**
 * The screens whose heading is fixed text, by route (decision 0021 "Second round").
 * While a screen's code loads, its heading already shows where the screen will put it: written into
 * the page by the preload script before any app code has arrived (vite.config.ts,
 * preloadScreenChunks), then by the loading frame (ui/AppLayout.tsx, AppLoading). Plain data without
 * imports: the build reads it too. Each text must be the screen's own `<Title order={2}>`.
 */
export const SCREEN_HEADINGS: Readonly<Record<string, string>> = {
  '/order-list': 'Order List',
  '/product-list': 'Product List',
};
