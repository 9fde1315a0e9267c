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

/**
 * A PDF lesson drawn with pdf.js (react-pdf): every page, no text layer to copy from; the toolbar (pages and
 * Download) only when the course allows downloading its PDFs (pdf_download).
 */
export function PdfLesson({ file, name, download }: { file: string; name: string; download: boolean }) {
  const [pages, setPages] = useState(0);
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
        {width > 0 && Array.from({ length: pages }, (_, i) => <Page key={i} pageNumber={i + 1} width={Math.min(width, 900)} renderTextLayer={false} renderAnnotationLayer={false} />)}
      </Document>
    </div>
  );
}
