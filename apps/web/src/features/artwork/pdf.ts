/**
 * pdf.js, loaded only when a PDF artwork is shown (dynamic import from PdfCanvas, so nothing of
 * pdf.js is in the first load). Its worker is bundled by Vite and served from the app's own origin,
 * which the Content-Security-Policy allows (script-src 'self', which worker-src falls back to).
 *
 * WebAssembly decoders are off: they would need 'wasm-unsafe-eval' in script-src, and the files of
 * pdfjs-dist/wasm are not served. Without them, JPEG 2000 and JBIG2 images inside a PDF are not drawn;
 * label artwork rarely uses them.
 */
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Opens a PDF (or a PDF-based AI file) from its bytes. */
export async function openPdf(blob: Blob): Promise<PDFDocumentProxy> {
  const data = new Uint8Array(await blob.arrayBuffer());
  return getDocument({ data, useWasm: false, stopAtErrors: false }).promise;
}
