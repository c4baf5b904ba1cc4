import { StrictMode } from 'react';
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
// A public page arrives prerendered (decision 021): the app takes over its HTML instead of drawing it
// again. Preact does that in one go (React cut it into short tasks as a transition, decision 026), so
// it runs in the task after the one that evaluated the app's code: two shorter tasks instead of one
// long one, and a tap or key press in between is answered.
if (root.firstElementChild) setTimeout(() => hydrateRoot(root, app), 0);
else createRoot(root).render(app);
