import { useEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { playerMessages as msg } from '@school/shared/learning/rules';
import { Loading } from '@/components/loading';

// pdf.js's worker is bundled with the app, and its data files are copied into the build (vite.config.ts):
// everything is served by us, never fetched from a CDN.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
const options = { cMapUrl: '/pdfjs/cmaps/', standardFontDataUrl: '/pdfjs/standard_fonts/', iccUrl: '/pdfjs/iccs/', wasmUrl: '/pdfjs/wasm/' };

/** The width the pages fill, following the lesson's column. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

const ZOOM = { min: 0.5, max: 3, step: 0.25 } as const;

/** Zoom out, in, and back to the column's width: on a phone a page fitted to the width has tiny text. */
function ZoomControls({ zoom, setZoom }: { zoom: number; setZoom: (zoom: number) => void }) {
  const by = (delta: number) => setZoom(Math.min(ZOOM.max, Math.max(ZOOM.min, zoom + delta)));
  return (
    <div className="pdf-zoom" role="group" aria-label="Zoom">
      <button type="button" className="btn btn-ghost" aria-label="Zoom out" disabled={zoom <= ZOOM.min} onClick={() => by(-ZOOM.step)}>
        −
      </button>
      <output aria-live="polite">{Math.round(zoom * 100)}%</output>
      <button type="button" className="btn btn-ghost" aria-label="Zoom in" disabled={zoom >= ZOOM.max} onClick={() => by(ZOOM.step)}>
        +
      </button>
      <button type="button" className="btn btn-ghost" disabled={zoom === 1} onClick={() => setZoom(1)}>
        Fit to width
      </button>
    </div>
  );
}

/**
 * A PDF lesson drawn with pdf.js (react-pdf): every page fitted to the column, zoomable, no text layer to copy from;
 * the toolbar (pages and Download) only when the course allows downloading its PDFs (pdf_download). Zoom is not
 * that toolbar: reading is always allowed.
 */
export function PdfLesson({ file, name, download }: { file: string; name: string; download: boolean }) {
  const [pages, setPages] = useState(0);
  const [zoom, setZoom] = useState(1);
  const { ref, width } = useWidth();
  return (
    <div className="pdf-lesson" ref={ref} onContextMenu={(e) => (download ? undefined : e.preventDefault())}>
      {download && (
        <div className="pdf-toolbar" role="toolbar" aria-label="PDF">
          <span>{pages > 0 ? `${pages} ${pages === 1 ? 'page' : 'pages'}` : ''}</span>
          <a className="btn btn-ghost" href={file} download={`${name}.pdf`}>
            Download
          </a>
        </div>
      )}
      {pages > 0 && <ZoomControls zoom={zoom} setZoom={setZoom} />}
      <div className="pdf-pages">
        <Document
          file={file}
          options={options}
          onLoadSuccess={(pdf) => setPages(pdf.numPages)}
          loading={<Loading />}
          error={
            <p className="media-error" role="alert">
              {msg.mediaFailed}
            </p>
          }
        >
          {width > 0 && Array.from({ length: pages }, (_, i) => <Page key={i} pageNumber={i + 1} width={Math.round(Math.min(width, 900) * zoom)} renderTextLayer={false} renderAnnotationLayer={false} />)}
        </Document>
      </div>
    </div>
  );
}
