import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens are lazy chunks: the first import of one is transformed on demand, which can take
// longer than Testing Library's 1 s default on a busy two-core machine. Seen: a team page with
// its lists took 5.5 s to settle with the load at 20 (shuffled runs beside other suites). A
// wait ends as soon as its state holds, so a high ceiling costs a passing test nothing.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.body.className = '';
});
