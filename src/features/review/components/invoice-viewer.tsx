import { ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { DC_MESSAGES } from '@/lib/staff/files';

const MAX_PAGES = 5;
const ZOOMS = [0.75, 1, 1.25, 1.5, 2, 3];

/**
 * An invoice to look at: a PDF rendered page by page with pdf.js (its text layer on top, so
 * text can be selected and copied), or an image; both zoomable. For a PDF, `onText` gets the
 * text of its first pages once rendered (the server derives the invoice's number and date
 * from it). pdf.js loads only when a PDF is shown.
 */
export function InvoiceViewer({ url, pdf, label, onText }: { url: string; pdf: boolean; label: string; onText?: (text: string) => void }) {
  const [zoom, setZoom] = useState(1);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const pages = useRef<HTMLDivElement>(null);
  const textSent = useRef<string | null>(null);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);

  useEffect(() => {
    if (!pdf) return;
    let cancelled = false;
    const container = pages.current;
    (async () => {
      setLoading(true);
      setError(null);
      try {
        const pdfjs = await import('pdfjs-dist');
        const worker = (await import('pdfjs-dist/build/pdf.worker.min.mjs?url')).default;
        await import('pdfjs-dist/web/pdf_viewer.css');
        pdfjs.GlobalWorkerOptions.workerSrc = worker;
        const doc = await pdfjs.getDocument({ url, isEvalSupported: false }).promise;
        if (cancelled || !container) return;
        container.replaceChildren();
        if (doc.numPages === 0) setError('Das PDF enthält keine Seite.');
        const texts: string[] = [];
        for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES); n++) {
          const page = await doc.getPage(n);
          // 100 % is the page at 1.25 times its size, or the width of the viewer where that is
          // narrower (a phone: issue 36), so a page never starts wider than the screen.
          const natural = page.getViewport({ scale: 1 }).width;
          const room = (container.clientWidth || natural * 1.25) - 2;
          const viewport = page.getViewport({ scale: Math.min(1.25, room / natural) * zoom });
          const wrapper = document.createElement('div');
          wrapper.className = 'relative mx-auto mb-4 border border-slate-300 bg-white shadow-sm';
          wrapper.style.width = `${viewport.width}px`;
          wrapper.style.height = `${viewport.height}px`;
          wrapper.setAttribute('role', 'img');
          wrapper.setAttribute('aria-label', `${label}, Seite ${n}`);
          const canvas = document.createElement('canvas');
          const ratio = window.devicePixelRatio || 1;
          canvas.width = Math.floor(viewport.width * ratio);
          canvas.height = Math.floor(viewport.height * ratio);
          canvas.style.width = `${viewport.width}px`;
          canvas.style.height = `${viewport.height}px`;
          wrapper.appendChild(canvas);
          const textLayer = document.createElement('div');
          textLayer.className = 'textLayer';
          textLayer.style.setProperty('--scale-factor', String(viewport.scale));
          wrapper.appendChild(textLayer);
          container.appendChild(wrapper);
          await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
          const content = await page.getTextContent();
          await new pdfjs.TextLayer({ textContentSource: content, container: textLayer, viewport }).render();
          texts.push(content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : ' ') : '')).join(''));
          if (cancelled) return;
        }
        const text = texts.join('\n');
        if (textSent.current !== url) {
          textSent.current = url;
          onTextRef.current?.(text);
        }
      } catch (err) {
        console.error(err);
        if (!cancelled) setError(DC_MESSAGES.invoiceFetchFailed);
      } finally {
        if (!cancelled) setLoading(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [url, pdf, zoom, label]);

  const index = ZOOMS.indexOf(zoom);
  return (
    <div className="min-w-0">
      <div className="mb-2 flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={index <= 0} onClick={() => setZoom(ZOOMS[index - 1]!)} aria-label="Verkleinern">
          <ZoomOut aria-hidden="true" className="size-4" />
        </Button>
        <span className="text-sm text-slate-700" aria-live="polite">
          {Math.round(zoom * 100)} %
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={index >= ZOOMS.length - 1}
          onClick={() => setZoom(ZOOMS[index + 1]!)}
          aria-label="Vergrößern"
        >
          <ZoomIn aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {loading && (
        <div className="my-2">
          <Spinner label="Rechnung wird geladen..." />
        </div>
      )}
      {error && <p className="text-red-700">{error}</p>}
      <div
        className="max-h-[75vh] overflow-auto rounded border border-slate-200 bg-slate-100 p-2"
        tabIndex={0}
        role="group"
        aria-label={`${label} (Ansicht)`}
      >
        {pdf ? (
          <div ref={pages} />
        ) : (
          <img
            src={url}
            alt={label}
            style={{ width: `${zoom * 100}%`, maxWidth: 'none' }}
            className="mx-auto block bg-white"
            onLoad={() => setLoading(false)}
            onError={() => {
              setLoading(false);
              setError(DC_MESSAGES.imageFailed);
            }}
          />
        )}
      </div>
    </div>
  );
}
