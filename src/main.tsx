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
// A public page arrives prerendered (decision 021): React takes over its HTML instead of drawing it again,
// as a transition, so the work is cut into short tasks and a tap or key press in between is answered
// (docs/performance.md: one 200 ms task at 4x slowdown otherwise).
if (root.firstElementChild)
  startTransition(() => {
    hydrateRoot(root, app);
  });
else createRoot(root).render(app);
