/**
 * The web app's index.html as the server sends it (decision 0021: a fast first load on a slow link):
 * the built file with the brand (BRAND_NAME) written into its title, its static frame and a
 * `<meta name="brand-name">` that the app reads instead of calling GET /app-config, so the first
 * screen waits for one request less. The file is read again when it changes on disk (a rebuilt web
 * app is served without a restart).
 */
import { readFileSync, statSync } from 'node:fs';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` safe inside HTML text and double-quoted attributes. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/**
 * Writes `brandName` into index.html: the `<title>`, the text of the static frame's brand link
 * (`<a ... data-brand ...>`), and a `<meta name="brand-name">` before `</head>`.
 */
export function brandIndexHtml(html: string, brandName: string): string {
  const brand = escapeHtml(brandName);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${brand}</title>`)
    .replace(/(<a\b[^>]*\bdata-brand\b[^>]*>)[^<]*(<\/a>)/, `$1${brand}$2`)
    .replace('</head>', `  <meta name="brand-name" content="${brand}" />\n  </head>`);
}

/** A reader of `file` (index.html) with the brand written in, cached until the file changes. */
export function webIndexReader(file: string, brandName: string): () => string {
  let cached: { mtimeMs: number; size: number; html: string } | undefined;
  return () => {
    const { mtimeMs, size } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs || cached.size !== size) {
      cached = { mtimeMs, size, html: brandIndexHtml(readFileSync(file, 'utf8'), brandName) };
    }
    return cached.html;
  };
}
