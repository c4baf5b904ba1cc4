import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

import { resetSessionStore } from '@/stores/session';

afterEach(() => {
  cleanup();
  resetSessionStore();
  localStorage.clear();
});

// jsdom has no layout; the app scrolls on navigation.
window.scrollTo = () => {};
