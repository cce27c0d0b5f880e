/**
 * A PDF artwork drawn to a canvas with pdf.js (ordering §4 Item artwork: the proof), one page at a
 * time with a page switch, fitted into the frame and sharp on high-density screens. pdf.js is
 * imported when the first PDF is shown (see pdf.ts). When pdf.js cannot read the file, `onError`
 * lets the viewer show the file card instead.
 */
import { ActionIcon, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';

/** Height of the page switch under the canvas. */
const PAGER_HEIGHT = 34;

/** Props of {@link PdfCanvas}. */
export interface PdfCanvasProps {
  blob: Blob;
  /** Height of the frame, page switch included. */
  height: number;
  /** Accessible name of the drawn page ('Artwork v2, page 1 of 3' is added). */
  label: string;
  onError: () => void;
}

/** The PDF viewer of one artwork version. */
export function PdfCanvas({ blob, height, label, onError }: PdfCanvasProps) {
  const { ref: frameRef, width } = useElementSize();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  /** The first page has been drawn (later redraws keep the old drawing until the new one is done). */
  const [drawn, setDrawn] = useState(false);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  // Open the document (and pdf.js with it) for this file; destroy it when the file changes.
  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    setDoc(null);
    setPage(1);
    setDrawn(false);
    import('./pdf')
      .then(({ openPdf }) => openPdf(blob))
      .then((d) => {
        if (cancelled) return void d.loadingTask.destroy();
        opened = d;
        setDoc(d);
      })
      .catch(() => {
        if (!cancelled) onErrorRef.current();
      });
    return () => {
      cancelled = true;
      void opened?.loadingTask.destroy();
    };
  }, [blob]);

  // Draw the page fitted into the frame; a new page or size cancels the drawing under way.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas || width === 0) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    doc
      .getPage(page)
      .then((p) => {
        if (cancelled) return;
        const base = p.getViewport({ scale: 1 });
        const room = doc.numPages > 1 ? height - PAGER_HEIGHT : height;
        const scale = Math.min(width / base.width, (room - 8) / base.height);
        const ratio = window.devicePixelRatio || 1;
        const viewport = p.getViewport({ scale: scale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        task = p.render({ canvas, viewport });
        return task.promise.then(() => {
          if (!cancelled) setDrawn(true);
        });
      })
      .catch((error: unknown) => {
        const name = (error as { name?: string } | null)?.name;
        if (!cancelled && name !== 'RenderingCancelledException') onErrorRef.current();
      });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, width, height]);

  const pages = doc?.numPages ?? 0;
  return (
    <Stack gap={0} h={height} w="100%" data-testid="artwork-pdf" data-pages={pages || undefined}>
      <Center ref={frameRef} style={{ flex: 1, minHeight: 0, position: 'relative' }}>
        {(!doc || !drawn) && (
          <Center pos="absolute" inset={0}>
            <Loader size="sm" aria-label="Loading the PDF" />
          </Center>
        )}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${label}, page ${page} of ${pages || 1}`}
          style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.25)', background: 'white' }}
        />
      </Center>
      {pages > 1 && (
        <Group h={PAGER_HEIGHT} justify="center" gap="xs" data-testid="artwork-pdf-pager">
          <ActionIcon
            variant="default"
            size="sm"
            onClick={() => setPage((n) => Math.max(1, n - 1))}
            disabled={page <= 1}
            aria-label="Previous page"
          >
            <IconChevronLeft size={14} />
          </ActionIcon>
          <Text size="xs" c="dimmed" aria-live="polite">
            Page {page} of {pages}
          </Text>
          <ActionIcon
            variant="default"
            size="sm"
            onClick={() => setPage((n) => Math.min(pages, n + 1))}
            disabled={page >= pages}
            aria-label="Next page"
          >
            <IconChevronRight size={14} />
          </ActionIcon>
        </Group>
      )}
    </Stack>
  );
}
