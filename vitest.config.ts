import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // npm test runs test/safety/faults.slow.test.ts alone after the rest: it times how promptly hookrun ends
    // and names what a hook left behind, and a /proc scan racing 3 busy workers missed a setsid escapee.
    include: ['test/**/*.test.ts'],
    // Tests spawn real processes and mostly wait on them: three files at a time keep two cores busy
    // (measured: 5 m 20 s with two workers, 3 m 16 s with three, same 1,846 tests).
    pool: 'forks',
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxConcurrency: 6,
  },
});
