/**
 * A file's type read from its content, never from its name or the client's Content-Type
 * (ordering spec: artwork must be PDF, PNG, JPEG, TIFF, SVG, AI or EPS). `file-type` reads the magic
 * numbers of binary formats; this module adds what it cannot see (SVG, plain text, which Office file
 * a CFB container is, Illustrator files) and the accepted sets of artwork and order documents.
 */
import { isUtf8 } from 'node:buffer';
import { UPLOAD_MESSAGES } from '@selvedge/shared';
import { fileTypeFromBuffer } from 'file-type';

/** A detected type: its MIME type (what the file is stored and served as) and a usual extension. */
export interface DetectedFileType {
  mime: string;
  ext: string;
}

/** A set of accepted types, as data, with the words used when a file is refused. */
export interface AcceptedFileTypes {
  /** What the files are, as the subject of the refusal message: 'artwork', 'documents'. */
  subject: string;
  /** The accepted types for people: 'PDF, PNG, JPEG, TIFF, SVG, AI or EPS'. */
  label: string;
  /** The accepted results of `detectFileType`: a file is accepted when both its mime and ext match one. */
  types: readonly DetectedFileType[];
}

const PDF = { mime: 'application/pdf', ext: 'pdf' } as const;
/** Illustrator 9 and later: a PDF carrying Illustrator's private data. */
const AI_PDF = { mime: 'application/pdf', ext: 'ai' } as const;
/** Illustrator 8 and earlier: PostScript written by Illustrator. */
const AI_POSTSCRIPT = { mime: 'application/illustrator', ext: 'ai' } as const;
const EPS = { mime: 'application/postscript', ext: 'eps' } as const;
const PNG = { mime: 'image/png', ext: 'png' } as const;
const JPEG = { mime: 'image/jpeg', ext: 'jpg' } as const;
const TIFF = { mime: 'image/tiff', ext: 'tif' } as const;
const SVG = { mime: 'image/svg+xml', ext: 'svg' } as const;
const DOCX = {
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ext: 'docx',
} as const;
const XLSX = {
  mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ext: 'xlsx',
} as const;
const DOC = { mime: 'application/msword', ext: 'doc' } as const;
const XLS = { mime: 'application/vnd.ms-excel', ext: 'xls' } as const;
/** CSV and TXT alike: the content cannot tell them apart, and the stored name keeps the extension. */
const TEXT = { mime: 'text/plain', ext: 'txt' } as const;
const HTML = { mime: 'text/html', ext: 'html' } as const;

/** Artwork of an order item (ordering spec): PDF, PNG, JPEG, TIFF, SVG, AI or EPS. */
export const ARTWORK_FILE_TYPES: AcceptedFileTypes = {
  subject: 'artwork',
  label: 'PDF, PNG, JPEG, TIFF, SVG, AI or EPS',
  types: [PDF, PNG, JPEG, TIFF, SVG, AI_PDF, AI_POSTSCRIPT, EPS],
};

/** Related and shipping documents of an order: pictures, PDFs, Office files and plain text or CSV. */
export const DOCUMENT_FILE_TYPES: AcceptedFileTypes = {
  subject: 'documents',
  label: 'PDF, PNG, JPEG, TIFF, Word, Excel, CSV or text',
  types: [PDF, AI_PDF, PNG, JPEG, TIFF, DOCX, XLSX, DOC, XLS, TEXT],
};

/**
 * Retailer data files (master-data §2 Variable data upload): plain text only (CSV or fixed-width). `openUpload` checks the first
 * 64 KB are UTF-8 without NUL; the import reads the rest with a fatal decoder (a file that turns out
 * not to be UTF-8 is refused whole there).
 */
export const VARIABLE_DATA_FILE_TYPES: AcceptedFileTypes = {
  subject: 'variable data files',
  label: 'CSV or text',
  types: [TEXT],
};

/** How far into a file the text-based formats must show themselves. */
const HEAD_BYTES = 4096;

/**
 * Reads a file's type from its bytes: `{ mime, ext }`, or null when it is empty or unknown.
 * Beyond `file-type`: PDFs written by Illustrator report ext `ai`; EPS reports `application/postscript`
 * (file-type says `application/eps`); PostScript by Illustrator reports `application/illustrator`;
 * CFB containers report Word (`doc`) or Excel (`xls`) from their stream names; XML or text whose root
 * element is `<svg` reports SVG; HTML reports `text/html`; other valid UTF-8 without NUL bytes reports
 * `text/plain`.
 */
export async function detectFileType(buffer: Buffer): Promise<DetectedFileType | null> {
  if (buffer.length === 0) return null;
  const found = await fileTypeFromBuffer(buffer);
  if (found) {
    switch (found.ext) {
      case 'pdf':
        return buffer.includes('AIPrivateData') ? AI_PDF : PDF;
      case 'eps':
        return EPS;
      case 'ps':
        return /^%%Creator:\s*Adobe Illustrator/m.test(latin1Head(buffer)) ? AI_POSTSCRIPT : found;
      case 'cfb':
        return officeCfbType(buffer) ?? found;
      case 'xml': {
        const head = textHead(buffer);
        return head !== null && isSvgText(head) ? SVG : found;
      }
      default:
        return { mime: found.mime, ext: found.ext };
    }
  }
  const head = textHead(buffer);
  if (head === null) return null;
  if (isSvgText(head)) return SVG;
  if (isHtmlText(head)) return HTML;
  return isUtf8Text(buffer) ? TEXT : null;
}

/** The outcome of `checkFileType`: the detected type, or the message that refuses the file. */
export type FileTypeCheck = { ok: true; mime: string; ext: string } | { ok: false; message: string };

/**
 * Detects the type and checks it against an accepted set. The refusal message names the set, e.g.
 * 'File type not accepted: artwork must be PDF, PNG, JPEG, TIFF, SVG, AI or EPS.'
 */
export async function checkFileType(buffer: Buffer, accepted: AcceptedFileTypes): Promise<FileTypeCheck> {
  const type = await detectFileType(buffer);
  if (type && accepted.types.some((t) => t.mime === type.mime && t.ext === type.ext)) {
    return { ok: true, mime: type.mime, ext: type.ext };
  }
  return { ok: false, message: UPLOAD_MESSAGES.typeNotAccepted(accepted.subject, accepted.label) };
}

/**
 * Whether an SVG is free of active content: no `<script>`, no `on…=` event attributes (nor
 * animations setting one), no `javascript:`/`vbscript:` URLs (also when written with character
 * references or spaces), no `<foreignObject>` (embedded HTML) and no `<!ENTITY>` (entity expansion
 * bombs). Case-insensitive, and deliberately blunt: a harmless file that merely looks like one of these
 * is refused too. Artwork uploads answer 400 for an unsafe SVG.
 */
export function isSafeSvg(buffer: Buffer): boolean {
  const text = decodeCharacterReferences(buffer.toString('utf8'));
  const elementName = (name: string) => new RegExp(`<\\s*(?:[a-z0-9_.-]+:)?${name}[\\s/>]`, 'i');
  const unsafe = [
    elementName('script'),
    elementName('foreignObject'),
    /<!ENTITY/i,
    /[\s"']on[a-z]+\s*=/i,
    // `<svg/onload=...>`: not XML, but an HTML parser reads it as an attribute.
    /<[a-z0-9_:.-]+\/on[a-z]+\s*=/i,
    /attributeName\s*=\s*["']?\s*on[a-z]/i,
    /(?:j\s*a\s*v\s*a|v\s*b)\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i,
  ];
  return !unsafe.some((pattern) => pattern.test(text));
}

/** `&#106;` and `&#x6A;` turned into their characters, so that encoded URLs are seen as written. */
function decodeCharacterReferences(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|[0-9]+);?/gi, (ref, code: string) => {
    const n = code[0] === 'x' || code[0] === 'X' ? Number.parseInt(code.slice(1), 16) : Number(code);
    return Number.isInteger(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : ref;
  });
}

/** The first 4 KB as UTF-8 text without its BOM, or null when they are not text (bad UTF-8 or NUL). */
function textHead(buffer: Buffer): string | null {
  const head = buffer.subarray(0, HEAD_BYTES);
  if (head.includes(0)) return null;
  try {
    // stream: true accepts a character cut in two at the 4 KB boundary.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(head, { stream: true });
  } catch {
    return null;
  }
}

const latin1Head = (buffer: Buffer) => buffer.subarray(0, HEAD_BYTES).toString('latin1');

/** Valid UTF-8 all the way through, with no NUL byte. */
function isUtf8Text(buffer: Buffer): boolean {
  return !buffer.includes(0) && isUtf8(buffer);
}

/**
 * Skips what may come before an XML root element (XML declaration and other processing instructions,
 * comments, a doctype with its internal subset) and answers where the root element starts, or -1.
 */
function rootElementStart(text: string): number {
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return -1;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return -1;
      i = end + 3;
    } else if (/^<!doctype[\s>]/i.test(text.slice(i, i + 10))) {
      const end = doctypeEnd(text, i);
      if (end < 0) return -1;
      i = end + 1;
    } else {
      return i < text.length ? i : -1;
    }
  }
}

/** Index of the `>` closing a doctype that starts at `from`, skipping quoted strings and `[...]`. */
function doctypeEnd(text: string, from: number): number {
  let quote: string | null = null;
  let inSubset = false;
  for (let i = from + 2; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '[') {
      inSubset = true;
    } else if (c === ']') {
      inSubset = false;
    } else if (c === '>' && !inSubset) {
      return i;
    }
  }
  return -1;
}

/** Text whose root element (possibly namespace-prefixed) is `svg`, starting within the first 4 KB. */
function isSvgText(text: string): boolean {
  const start = rootElementStart(text);
  return start >= 0 && /^<(?:[A-Za-z_][\w.-]*:)?svg[\s/>]/.test(text.slice(start, start + 64));
}

/** Text that a browser would take for a web page. */
function isHtmlText(text: string): boolean {
  if (/^\s*<!doctype\s+html[\s>]/i.test(text.replace(/^\s*(?:<!--[\s\S]*?-->\s*)*/, ''))) return true;
  const start = rootElementStart(text);
  return start >= 0 && /^<(?:html|head|body|script|iframe)[\s/>]/i.test(text.slice(start, start + 16));
}

/**
 * Word or Excel inside a Compound File Binary container (legacy .doc/.xls), told apart by the name of
 * the main stream in the container's directory (UTF-16LE, NUL-terminated): `WordDocument` for Word,
 * `Workbook` (Excel 97+) or `Book` (Excel 5/95) for Excel. Other CFB files (MSI installers, Outlook
 * messages, PowerPoint) answer null.
 */
function officeCfbType(buffer: Buffer): DetectedFileType | null {
  const streamName = (name: string) => Buffer.from(`${name}\0`, 'utf16le');
  if (buffer.includes(streamName('WordDocument'))) return DOC;
  if (buffer.includes(streamName('Workbook')) || buffer.includes(streamName('Book'))) return XLS;
  return null;
}
