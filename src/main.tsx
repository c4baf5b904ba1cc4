import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { App } from '@/app';

import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Root element #root is missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A registration step arrives with the landing page's HTML (decision 023); for a visitor with
// stored progress that HTML was kept hidden and the app draws the step instead.
if (document.documentElement.hasAttribute('data-stand-in')) {
  root.replaceChildren();
  document.documentElement.removeAttribute('data-stand-in');
}
// A public page arrives prerendered (decision 021): React takes over its HTML instead of drawing it
// again, as a transition, so it cuts the work into short tasks and a tap or key press in between is
// answered (decision 031).
// A mismatch between the prerendered HTML and the first render is logged, so the browser test
// that opens every prerendered page sees it (e2e/prerender.spec.ts).
if (root.firstElementChild) {
  startTransition(() => {
    hydrateRoot(root, app, { onRecoverableError: (error) => console.error('Hydration:', error) });
  });
} else createRoot(root).render(app);
