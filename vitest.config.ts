import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // npm test runs the *.alone.test.ts files after the rest, one file at a time: they time how promptly
    // hookrun ends, name what a hook left behind, or give hooks timeouts of a few hundred ms, and a box
    // loaded by three busy workers made a /proc scan miss a setsid escapee and a 300 ms hook time out.
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
