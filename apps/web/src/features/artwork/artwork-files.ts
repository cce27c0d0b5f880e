/**
 * What the artwork screens need to know about an artwork file (ordering §4 Item artwork, §5 Artwork
 * upload): the types the picker offers and how a version is shown — images inline, PDF (and AI,
 * which is PDF inside) rendered by pdf.js, anything else (TIFF, EPS) as a file card to download.
 * The server decides the type by the file's content; `contentType` is its verdict.
 */
import type { ArtworkVersion } from '@selvedge/shared';

/** The picker's accept attribute: PDF, PNG, JPEG, TIFF, SVG, AI and EPS, by extension and by type. */
export const ARTWORK_ACCEPT = [
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.tif',
  '.tiff',
  '.svg',
  '.ai',
  '.eps',
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/tiff',
  'image/svg+xml',
  'application/postscript',
  'application/illustrator',
].join(',');

/** How a version is shown: an <img>, a pdf.js canvas, or a file card. */
export type ArtworkKind = 'image' | 'pdf' | 'file';

/** Types a browser shows in an <img> (from a blob URL, so an SVG's scripts never run). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/svg+xml']);

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * The way to show a version. The server reports an AI file written as PDF (modern Illustrator) as
 * application/pdf, so it is drawn like any PDF; a PostScript AI (application/illustrator) and EPS
 * get the file card. The viewer also falls back to the card when pdf.js cannot read a file.
 */
export function artworkKind(version: Pick<ArtworkVersion, 'contentType' | 'name'>): ArtworkKind {
  const type = version.contentType.toLowerCase().split(';')[0].trim();
  if (IMAGE_TYPES.has(type)) return 'image';
  if (type === 'application/pdf') return 'pdf';
  const ext = extensionOf(version.name);
  if (type === 'application/octet-stream' && (ext === 'pdf' || ext === 'ai')) return 'pdf';
  return 'file';
}

/** A size in bytes as '12.3 KB', '1.4 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 'v2 · label.pdf' — how a version is named in selects and captions. */
export const versionLabel = (v: Pick<ArtworkVersion, 'version' | 'name'>) => `v${v.version} · ${v.name}`;
