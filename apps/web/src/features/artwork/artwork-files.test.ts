import { describe, expect, it } from 'vitest';
import { artworkKind, formatBytes, versionLabel } from './artwork-files';

describe('how an artwork version is shown (ordering §4 Item artwork)', () => {
  it('draws PNG, JPEG and SVG as images and PDF with pdf.js', () => {
    expect(artworkKind({ contentType: 'image/png', name: 'a.png' })).toBe('image');
    expect(artworkKind({ contentType: 'Image/SVG+xml; charset=utf-8', name: 'a.svg' })).toBe('image');
    expect(artworkKind({ contentType: 'application/pdf', name: 'a.ai' })).toBe('pdf');
  });

  it('draws an untyped .pdf or .ai as PDF; TIFF, EPS and PostScript AI get the file card', () => {
    expect(artworkKind({ contentType: 'application/octet-stream', name: 'label.AI' })).toBe('pdf');
    expect(artworkKind({ contentType: 'application/octet-stream', name: 'label.eps' })).toBe('file');
    expect(artworkKind({ contentType: 'image/tiff', name: 'a.tif' })).toBe('file');
    expect(artworkKind({ contentType: 'application/illustrator', name: 'a.ai' })).toBe('file');
  });

  it('names sizes and versions', () => {
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(12_595)).toBe('12.3 KB');
    expect(formatBytes(1_468_006)).toBe('1.4 MB');
    expect(versionLabel({ version: 2, name: 'label.pdf' })).toBe('v2 · label.pdf');
  });
});
