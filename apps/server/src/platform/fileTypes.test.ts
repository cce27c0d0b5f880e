import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ARTWORK_FILE_TYPES,
  checkFileType,
  DOCUMENT_FILE_TYPES,
  detectFileType,
  isSafeSvg,
} from './fileTypes';

/** Real minimal files, made here so that the tests need no fixtures on disk. */
const samples = {
  /** A valid 1×1 RGB PNG (signature, IHDR, IDAT, IEND with their CRCs). */
  png(): Buffer {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([len, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(1, 0);
    ihdr.writeUInt32BE(1, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  },
  /** The start of a JFIF JPEG: SOI and an APP0 segment. */
  jpeg(): Buffer {
    return Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0', 'latin1'),
      Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
    ]);
  },
  /** A little-endian TIFF header pointing at an IFD with one entry (ImageWidth = 1). */
  tiff(): Buffer {
    const b = Buffer.alloc(26);
    b.write('II', 0, 'latin1');
    b.writeUInt16LE(42, 2);
    b.writeUInt32LE(8, 4);
    b.writeUInt16LE(1, 8);
    b.writeUInt16LE(256, 10);
    b.writeUInt16LE(3, 12);
    b.writeUInt32LE(1, 14);
    b.writeUInt16LE(1, 18);
    return b;
  },
  eps(): Buffer {
    return Buffer.from(
      '%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n%%EndComments\nshowpage\n%%EOF\n',
    );
  },
  /** An Illustrator 8 file: PostScript with Illustrator as its creator. */
  legacyAi(): Buffer {
    return Buffer.from(
      '%!PS-Adobe-3.0 \n%%Creator: Adobe Illustrator(R) 8.0\n%%BoundingBox: 0 0 10 10\n%%EndComments\n',
    );
  },
  postscript(): Buffer {
    return Buffer.from('%!PS-Adobe-3.0\n%%Creator: dvips\n/Times-Roman findfont 12 scalefont setfont\n');
  },
  svg(): Buffer {
    return Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<!-- Generator: Adobe Illustrator 27.0 -->\n' +
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 10 10">' +
        '<rect width="10" height="10" fill="#0a0"/><text>Click on the label</text></svg>\n',
    );
  },
  exe(): Buffer {
    const b = Buffer.alloc(256);
    b.write('MZ', 0, 'latin1');
    b.writeUInt32LE(0x80, 0x3c);
    b.write('PE\0\0', 0x80, 'latin1');
    return b;
  },
  html(): Buffer {
    return Buffer.from('<!DOCTYPE html>\n<html><body><svg><script>alert(1)</script></svg></body></html>\n');
  },
  /** A Compound File Binary container whose directory names the given stream (UTF-16LE). */
  cfb(streamName: string): Buffer {
    const b = Buffer.alloc(1536);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
    b.write('Root Entry', 1024, 'utf16le');
    b.write(streamName, 1024 + 128, 'utf16le');
    return b;
  },
  /** A ZIP (stored entries) holding the given files: enough of an OOXML package for file-type. */
  zip(files: Record<string, string>): Buffer {
    const locals: Buffer[] = [];
    const centrals: Buffer[] = [];
    let offset = 0;
    for (const [name, text] of Object.entries(files)) {
      const data = Buffer.from(text);
      const fileName = Buffer.from(name);
      const crc = crc32(data);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(data.length, 18);
      local.writeUInt32LE(data.length, 22);
      local.writeUInt16LE(fileName.length, 26);
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt32LE(crc, 16);
      central.writeUInt32LE(data.length, 20);
      central.writeUInt32LE(data.length, 24);
      central.writeUInt16LE(fileName.length, 28);
      central.writeUInt32LE(offset, 42);
      locals.push(local, fileName, data);
      centrals.push(central, fileName);
      offset += local.length + fileName.length + data.length;
    }
    const directory = Buffer.concat(centrals);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Object.keys(files).length, 8);
    end.writeUInt16LE(Object.keys(files).length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    return Buffer.concat([...locals, directory, end]);
  },
  ooxml(kind: 'word' | 'sheet'): Buffer {
    const main =
      kind === 'word'
        ? { part: '/word/document.xml', type: 'wordprocessingml.document.main+xml' }
        : { part: '/xl/workbook.xml', type: 'spreadsheetml.sheet.main+xml' };
    return samples.zip({
      '[Content_Types].xml':
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="${main.part}" ContentType="application/vnd.openxmlformats-officedocument.${main.type}"/></Types>`,
      [main.part.slice(1)]: '<?xml version="1.0"?><root/>',
    });
  },
  /** A one-page PDF written by pdfkit. */
  pdf(): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const doc = new PDFDocument({ size: 'A6' });
      const parts: Buffer[] = [];
      doc.on('data', (c: Buffer) => parts.push(c));
      doc.on('end', () => resolve(Buffer.concat(parts)));
      doc.on('error', reject);
      doc.text('Care label artwork');
      doc.end();
    });
  },
};

const ARTWORK_REFUSED = 'File type not accepted: artwork must be PDF, PNG, JPEG, TIFF, SVG, AI or EPS.';
const DOCUMENT_REFUSED =
  'File type not accepted: documents must be PDF, PNG, JPEG, TIFF, Word, Excel, CSV or text.';

let pdf: Buffer;
beforeAll(async () => {
  pdf = await samples.pdf();
});

describe('detectFileType', () => {
  it('reads binary formats from their magic numbers', async () => {
    expect(await detectFileType(samples.png())).toEqual({ mime: 'image/png', ext: 'png' });
    expect(await detectFileType(samples.jpeg())).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(await detectFileType(samples.tiff())).toEqual({ mime: 'image/tiff', ext: 'tif' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await detectFileType(pdf)).toEqual({ mime: 'application/pdf', ext: 'pdf' });
  });

  it('reports EPS as application/postscript (file-type says application/eps)', async () => {
    expect(await detectFileType(samples.eps())).toEqual({ mime: 'application/postscript', ext: 'eps' });
  });

  it('recognises Illustrator files: PDF-based (9+) and PostScript-based (8 and earlier)', async () => {
    const aiPdf = Buffer.concat([pdf, Buffer.from('\n%AI9_PrivateDataBegin\n<</AIPrivateData1 1 0 R>>\n')]);
    expect(await detectFileType(aiPdf)).toEqual({ mime: 'application/pdf', ext: 'ai' });
    expect(await detectFileType(samples.legacyAi())).toEqual({ mime: 'application/illustrator', ext: 'ai' });
  });

  it('keeps plain PostScript apart from EPS and AI', async () => {
    expect(await detectFileType(samples.postscript())).toEqual({ mime: 'application/postscript', ext: 'ps' });
  });

  it('finds SVG with or without XML declaration, BOM, comments, doctype or namespace prefix', async () => {
    const svg = { mime: 'image/svg+xml', ext: 'svg' };
    expect(await detectFileType(samples.svg())).toEqual(svg);
    expect(await detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual(svg);
    expect(await detectFileType(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), samples.svg()]))).toEqual(
      svg,
    );
    expect(
      await detectFileType(
        Buffer.from(
          '<?xml version="1.0"?>\n<!DOCTYPE svg [ <!ENTITY ns "http://www.w3.org/2000/svg"> ]>\n' +
            '<svg:svg xmlns:svg="&ns;"><svg:rect width="1" height="1"/></svg:svg>',
        ),
      ),
    ).toEqual(svg);
  });

  it('does not take other XML, HTML or a late <svg> for SVG', async () => {
    expect(await detectFileType(Buffer.from('<?xml version="1.0"?><note><svg/></note>'))).toEqual({
      mime: 'application/xml',
      ext: 'xml',
    });
    expect(await detectFileType(samples.html())).toEqual({ mime: 'text/html', ext: 'html' });
    expect(await detectFileType(Buffer.from('<html><body>hi</body></html>'))).toEqual({
      mime: 'text/html',
      ext: 'html',
    });
    const late = Buffer.from(`<!-- ${'x'.repeat(5000)} -->\n<svg xmlns="http://www.w3.org/2000/svg"/>`);
    expect(await detectFileType(late)).toEqual({ mime: 'text/plain', ext: 'txt' });
  });

  it('reads Office files: DOCX and XLSX packages, legacy Word and Excel containers', async () => {
    expect(await detectFileType(samples.ooxml('word'))).toEqual({
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ext: 'docx',
    });
    expect(await detectFileType(samples.ooxml('sheet'))).toEqual({
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ext: 'xlsx',
    });
    expect(await detectFileType(samples.cfb('WordDocument'))).toEqual({
      mime: 'application/msword',
      ext: 'doc',
    });
    expect(await detectFileType(samples.cfb('Workbook'))).toEqual({
      mime: 'application/vnd.ms-excel',
      ext: 'xls',
    });
    expect(await detectFileType(samples.cfb('Book'))).toEqual({
      mime: 'application/vnd.ms-excel',
      ext: 'xls',
    });
    // An MSI installer is a CFB container too.
    expect(await detectFileType(samples.cfb('\u4840\u3f3f\u4577'))).toEqual({
      mime: 'application/x-cfb',
      ext: 'cfb',
    });
  });

  it('takes valid UTF-8 without NUL bytes for plain text, and nothing else', async () => {
    const text = { mime: 'text/plain', ext: 'txt' };
    expect(await detectFileType(Buffer.from('style,size,qty\nA-1,M,12\nB-2,L,"7"\n'))).toEqual(text);
    expect(await detectFileType(Buffer.from('Étiquette tissée — 100 % coton\n'))).toEqual(text);
    expect(await detectFileType(Buffer.from('caf\xe9\n', 'latin1'))).toBeNull();
    expect(await detectFileType(Buffer.from('a\0b'))).toBeNull();
    // Bad UTF-8 beyond the first 4 KB still makes it binary.
    expect(
      await detectFileType(Buffer.concat([Buffer.from('a'.repeat(5000)), Buffer.from([0xff])])),
    ).toBeNull();
  });

  it('knows an executable, and nothing of an empty file', async () => {
    expect(await detectFileType(samples.exe())).toEqual({ mime: 'application/x-msdownload', ext: 'exe' });
    expect(await detectFileType(Buffer.alloc(0))).toBeNull();
  });
});

describe('checkFileType', () => {
  it('accepts every artwork type', async () => {
    const accepted = [pdf, samples.png(), samples.jpeg(), samples.tiff(), samples.svg(), samples.eps()];
    accepted.push(samples.legacyAi(), Buffer.concat([pdf, Buffer.from('%AIPrivateData1')]));
    const results = await Promise.all(accepted.map((b) => checkFileType(b, ARTWORK_FILE_TYPES)));
    expect(results.map((r) => (r.ok ? r.ext : r.message))).toEqual([
      'pdf',
      'png',
      'jpg',
      'tif',
      'svg',
      'eps',
      'ai',
      'ai',
    ]);
  });

  it.each([
    ['an executable renamed', samples.exe()],
    ['HTML named .svg', samples.html()],
    ['an empty file', Buffer.alloc(0)],
    ['a Word file', samples.ooxml('word')],
    ['a CSV file', Buffer.from('a,b\n1,2\n')],
    ['plain PostScript', samples.postscript()],
  ])('refuses %s as artwork, naming the accepted types', async (_label, buffer) => {
    expect(await checkFileType(buffer, ARTWORK_FILE_TYPES)).toEqual({ ok: false, message: ARTWORK_REFUSED });
  });

  it('accepts every document type', async () => {
    const accepted = [
      pdf,
      samples.png(),
      samples.jpeg(),
      samples.tiff(),
      samples.ooxml('word'),
      samples.ooxml('sheet'),
      samples.cfb('WordDocument'),
      samples.cfb('Workbook'),
      Buffer.from('style;size;qty\r\nA;M;1\r\n'),
    ];
    const results = await Promise.all(accepted.map((b) => checkFileType(b, DOCUMENT_FILE_TYPES)));
    expect(results.map((r) => (r.ok ? r.mime : r.message))).toEqual([
      'application/pdf',
      'image/png',
      'image/jpeg',
      'image/tiff',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/msword',
      'application/vnd.ms-excel',
      'text/plain',
    ]);
  });

  it.each([
    ['an executable', samples.exe()],
    ['an SVG', samples.svg()],
    ['an HTML page', samples.html()],
    ['EPS', samples.eps()],
    ['an MSI-like container', samples.cfb('\u4840\u3f3f\u4577')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s as a document, naming the accepted types', async (_label, buffer) => {
    expect(await checkFileType(buffer, DOCUMENT_FILE_TYPES)).toEqual({
      ok: false,
      message: DOCUMENT_REFUSED,
    });
  });
});

describe('isSafeSvg', () => {
  const wrap = (inner: string, attrs = '') =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${inner}</svg>`);

  it('accepts plain drawings, text that mentions "on" and embedded images', () => {
    expect(isSafeSvg(samples.svg())).toBe(true);
    expect(isSafeSvg(wrap('<text>Sewn on = yes; turn on the iron</text>'))).toBe(true);
    expect(isSafeSvg(wrap('<image href="data:image/png;base64,iVBORw0KGgo/AAAAonA+Z="/>'))).toBe(true);
    expect(isSafeSvg(wrap('<a href="https://example.com/description">x</a>'))).toBe(true);
  });

  it.each([
    ['a script element', wrap('<script>alert(1)</script>')],
    ['an upper-case script element', wrap('<SCRIPT type="text/javascript">alert(1)</SCRIPT>')],
    ['a namespaced script element', wrap('<svg:script>alert(1)</svg:script>')],
    ['an onload attribute', wrap('', ' onload="alert(1)"')],
    ['an ONCLICK attribute with spaces', wrap('<rect ONCLICK = "alert(1)"/>')],
    ['an HTML-style slash attribute', Buffer.from('<svg/onload=alert(1)>')],
    ['a javascript: link', wrap('<a href="javascript:alert(1)">x</a>')],
    ['a JavaScript: link in xlink:href', wrap('<a xlink:href=" JavaScript:alert(1)">x</a>')],
    [
      'a javascript: link written with character references',
      wrap('<a href="&#106;ava&#x73;cript:alert(1)">x</a>'),
    ],
    ['a vbscript: link', wrap('<a href="vbscript:msgbox">x</a>')],
    [
      'a foreignObject',
      wrap('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
    ],
    ['an animation setting an event handler', wrap('<set attributeName="onclick" to="alert(1)"/>')],
    ['an entity declaration', Buffer.from('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>')],
  ])('refuses %s', (_label, buffer) => {
    expect(isSafeSvg(buffer)).toBe(false);
  });
});
