import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Waits for a state last up to 5 s (asyncUtilTimeout in the setup); a test must outlast its
    // waits on a loaded machine (CI's two cores, or shuffled runs beside other suites), or a
    // slow pass is reported as a time-out instead of the assertion that did not hold.
    testTimeout: 30_000,
  },
});
