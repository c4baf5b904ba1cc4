import { ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { DC_MESSAGES } from '@/lib/staff/files';

const MAX_PAGES = 5;
const ZOOMS = [0.75, 1, 1.25, 1.5, 2, 3];

/** A field the reader found, to be marked on its page (box in fractions of the upright page). */
export interface Highlight {
  page: number;
  box: [number, number, number, number];
  label: string;
  active: boolean;
}

const HIGHLIGHT_BASE = 'pointer-events-none absolute rounded-sm';
const highlightClass = (active: boolean) =>
  `${HIGHLIGHT_BASE} ${active ? 'z-10 outline-3 outline-offset-2 outline-amber-600 bg-amber-300/40' : 'outline-2 outline-sky-600/70 bg-sky-200/20'}`;

/** Where a highlight stands on its page, in percent, so it follows every zoom. */
function highlightStyle(h: Highlight) {
  const [x0, y0, x1, y1] = h.box;
  return {
    left: `${x0 * 100}%`,
    top: `${y0 * 100}%`,
    width: `${Math.max(0.5, (x1 - x0) * 100)}%`,
    height: `${Math.max(0.5, (y1 - y0) * 100)}%`,
  };
}

/** The highlights of one page as elements (a PDF page is built outside React). */
function highlightElements(highlights: Highlight[], page: number) {
  return highlights
    .filter((h) => h.page === page)
    .map((h) => {
      const el = document.createElement('div');
      el.className = highlightClass(h.active);
      el.setAttribute('aria-hidden', 'true');
      Object.assign(el.style, highlightStyle(h));
      el.title = h.label;
      el.dataset.highlight = h.label;
      return el;
    });
}

/**
 * An invoice to look at: a PDF rendered page by page with pdf.js (its text layer on top, so
 * text can be selected and copied), or an image; both zoomable, each page turned the way the
 * reader read it (`quarterTurns`, clockwise) with the fields it found marked (`highlights`).
 * pdf.js loads only when a PDF is shown.
 */
export function InvoiceViewer({
  url,
  pdf,
  label,
  quarterTurns = [],
  highlights = [],
}: {
  url: string;
  pdf: boolean;
  label: string;
  quarterTurns?: number[];
  highlights?: Highlight[];
}) {
  const [zoom, setZoom] = useState(1);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const pages = useRef<HTMLDivElement>(null);
  const highlightsRef = useRef(highlights);
  const turnsKey = quarterTurns.join(',');

  // The marks change without drawing the PDF again.
  useEffect(() => {
    highlightsRef.current = highlights;
    const container = pages.current;
    if (!pdf || !container) return;
    container.querySelectorAll('[data-page]').forEach((wrapper) => {
      wrapper.querySelectorAll('[data-highlight]').forEach((el) => el.remove());
      wrapper.append(...highlightElements(highlights, Number((wrapper as HTMLElement).dataset.page)));
    });
    container.querySelector('.outline-amber-600')?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [highlights, pdf]);

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
        const turns = turnsKey.split(',').map(Number);
        for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES); n++) {
          const page = await doc.getPage(n);
          const rotation = (page.rotate + ((turns[n - 1] || 0) % 4) * 90) % 360;
          // 100 % is the page at 1.25 times its size, or the width of the viewer where that is
          // narrower (a phone: issue 36), so a page never starts wider than the screen.
          const natural = page.getViewport({ scale: 1, rotation }).width;
          const room = (container.clientWidth || natural * 1.25) - 2;
          const viewport = page.getViewport({ scale: Math.min(1.25, room / natural) * zoom, rotation });
          const wrapper = document.createElement('div');
          wrapper.dataset.page = String(n);
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
          wrapper.append(...highlightElements(highlightsRef.current, n));
          if (cancelled) return;
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
  }, [url, pdf, zoom, label, turnsKey]);

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
          <div className="relative mx-auto" style={{ width: `${zoom * 100}%` }}>
            {quarterTurns[0] ? (
              <TurnedImage
                url={url}
                label={label}
                quarterTurns={quarterTurns[0]}
                onLoad={() => setLoading(false)}
                onError={() => {
                  setLoading(false);
                  setError(DC_MESSAGES.imageFailed);
                }}
              />
            ) : (
              <img
                src={url}
                alt={label}
                style={{ width: '100%', maxWidth: 'none' }}
                className="block bg-white"
                onLoad={() => setLoading(false)}
                onError={() => {
                  setLoading(false);
                  setError(DC_MESSAGES.imageFailed);
                }}
              />
            )}
            {highlights
              .filter((h) => h.page === 1)
              .map((h) => (
                <div
                  key={h.label}
                  aria-hidden="true"
                  title={h.label}
                  data-highlight={h.label}
                  className={highlightClass(h.active)}
                  style={highlightStyle(h)}
                />
              ))}
          </div>
        )}
      </div>
    </div>
  );
}

/** An image drawn turned by quarter turns (clockwise), the way the reader read it upright. */
function TurnedImage({
  url,
  label,
  quarterTurns,
  onLoad,
  onError,
}: {
  url: string;
  label: string;
  quarterTurns: number;
  onLoad: () => void;
  onError: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const image = new Image();
    image.onload = () => {
      const target = canvas.current;
      if (!target) return;
      const turn = quarterTurns % 4;
      target.width = turn % 2 ? image.naturalHeight : image.naturalWidth;
      target.height = turn % 2 ? image.naturalWidth : image.naturalHeight;
      const g = target.getContext('2d');
      if (g) {
        g.translate(target.width / 2, target.height / 2);
        g.rotate((turn * Math.PI) / 2);
        g.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
      }
      onLoad();
    };
    image.onerror = onError;
    image.src = url;
    // The callbacks only report; the image is drawn again only for another file or turn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, quarterTurns]);
  return <canvas ref={canvas} role="img" aria-label={label} className="block w-full bg-white" />;
}
