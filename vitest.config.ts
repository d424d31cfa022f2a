import { defineConfig } from 'vitest/config';

/**
 * `npm run test:fast` (HOOKRUN_TESTS=fast): the unit tests, which start no process and touch at most a temp
 * folder, for a check in well under a minute while editing. test/fast-tier.test.ts keeps this list honest.
 */
export const FAST_TESTS = [
  'test/boot/{timestamp,uuid}.test.ts',
  'test/dialects/claude/{aggregate,matcher,version}.test.ts',
  'test/dialects/copilot/aggregate.test.ts',
  'test/dialects/cursor/aggregate.test.ts',
  'test/dialects/gemini/{aggregate,chain,env-rules,hook-switch,input-order,plan,predicates,version}.test.ts',
  'test/dialects/gemini/settings/{disabled,dotenv,env-file,expand,extensions,json-schema,load,merge,names,registry,schema-check,schema,start-up}.test.ts',
  'test/dialects/gemini/trust/{edit,folders,gate,hooks}.test.ts',
  'test/dialects/gemini/validate/{agent-loop,background,commands,fixtures,matchers}.test.ts',
  'test/dialects/kiro/{glob,plan}.test.ts',
  'test/fixtures/{discover,expect,load,schema}.test.ts',
  'test/migrate/maps.test.ts',
  'test/plan/*.test.ts',
  'test/record/install.test.ts',
  'test/render/{answer-words,color,json,mask,one-line,validate}.test.ts',
  'test/safety/{corrupt,json-depth,secrets-env}.test.ts',
  'test/settings/*.test.ts',
  'test/trust/*.test.ts',
  'test/import-circles.test.ts',
];

export default defineConfig({
  test: {
    // npm test runs the *.alone.test.ts files after the rest, one file at a time: they time how promptly
    // hookrun ends, name what a hook left behind, or give hooks timeouts of a few hundred ms, and a box
    // loaded by three busy workers made a /proc scan miss a setsid escapee and a 300 ms hook time out.
    include: process.env.HOOKRUN_TESTS === 'fast' ? FAST_TESTS : ['test/**/*.test.ts'],
    // Tests spawn real processes and mostly wait on them: three files at a time keep two cores busy
    // (measured: 5 m 20 s with two workers, 3 m 16 s with three, same 1,846 tests).
    pool: 'forks',
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxConcurrency: 6,
  },
});
