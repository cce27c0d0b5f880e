/**
 * '1,250': a count as the screens show it. A module of its own so that the product list, which shows
 * counts, does not load product-line.ts (pricing with decimal.js, care labels; decision 0064).
 */
export const formatCount = (n: number) => n.toLocaleString('en-US');
