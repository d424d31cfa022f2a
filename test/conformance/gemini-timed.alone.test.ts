// The Gemini conformance cases whose hooks have a timeout under 2 s (isTimed in gemini-replay.ts), from both
// rounds. npm test runs *.alone.test.ts files after the rest, one at a time: under a full parallel run
// a trivial bash hook once took longer than its 300 ms and the case saw Gemini's timeout, not its answer.
import { afterAll, describe, expect, test } from 'vitest';
import type { Sandbox } from '../helpers/cli.js';
import { isTimed, loadCases, replayCase, SNAPSHOT_RELEASE } from './gemini-replay.js';

const rounds = ['gemini-cases.json', 'gemini-cases-r2.json'].map((file) => loadCases(file).filter(isTimed));
const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

test('the timed cases are the ones with a short hook timeout', () => {
  expect(rounds.map((cases) => cases.length)).toEqual([2, 36]);
});

describe.concurrent('Gemini CLI conformance, cases with a short hook timeout', () => {
  test.each(rounds.flat().map((c) => [c.id, c] as const))('%s', (_id, c) => replayCase(c, sandboxes, SNAPSHOT_RELEASE));
});
