// The second round of cases from Gemini CLI's own code (shared/conformance/gemini-cases-r2.json:
// generated cases and a minimal repro per class where hookrun had decided differently), replayed
// exactly as the first round is.
import { afterAll, describe, expect, test } from 'vitest';
import type { Sandbox } from '../helpers/cli.js';
import { loadCases, replayCase } from './gemini-replay.js';

/**
 * Cases that wait on process handling (issue 20, classes 8–10: background children, the capture cap),
 * each with why. Where a case passes or fails with the machine's load, it is here all the same.
 */
export const AWAITING_PROCESS: Readonly<Record<string, string>> = {
  'r2-min-bg-writer': 'a background child writes after the hook exits: Gemini reads until the pipe closes, hookrun stops 200 ms after exit',
  'r2-min-bg-holder-timeout': "a background sleep holds stdout past the timeout: Gemini's timer runs until the pipes close, hookrun's stops at exit",
  'r2-min-bg-detached-killed': "a background job with closed stdio outlives its hook in Gemini; hookrun ends the hook's process group",
  'r2-min-capture-cap-whitespace': "17 MB of blanks after the answer: Gemini trims and uses it, hookrun's 16 MiB cap cuts stdout and refuses it",
  'r2-timeout-013': 'a background sleep 1 s holds stdout past the 800 ms timeout: timed out for Gemini, answered for hookrun',
  'r2-timeout-021': 'a background sleep 1.5 s holds stdout past the 400 ms timeout: timed out for Gemini; hookrun answers when the machine is not loaded',
  'r2-timeout-039': "a background child writes 0.5 s after the answer, past the 300 ms timeout: timed out for Gemini; hookrun's answer depends on load",
  'r2-timeout-044': 'a background child writes JSON 0.5–0.8 s after the answer: Gemini reads it (two lines, plain text), hookrun stops 200 ms after exit',
  'r2-timeout-081': 'a background child writes JSON 0.8 s after the answer: Gemini reads it (two lines, plain text), hookrun stops 200 ms after exit',
  'r2-timeout-096': 'a background sleep 1.5 s holds stdout past the 400 ms timeout: timed out for Gemini, answered for hookrun',
  'r2-timeout-102': 'a background sleep 1 s holds stdout past the 800 ms timeout: timed out for Gemini, answered for hookrun',
};

const cases = loadCases('gemini-cases-r2.json');
const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

test('every case awaiting process handling is a case of the file', () => {
  const ids = new Set(cases.map((c) => c.id));
  expect(Object.keys(AWAITING_PROCESS).filter((id) => !ids.has(id))).toEqual([]);
});

describe.concurrent('Gemini CLI conformance, round 2', () => {
  const replayed = cases.filter((c) => AWAITING_PROCESS[c.id] === undefined);
  const waiting = cases.filter((c) => AWAITING_PROCESS[c.id] !== undefined);
  test.each(replayed.map((c) => [c.id, c] as const))('%s', (_id, c) => replayCase(c, sandboxes));
  test.skip.each(waiting.map((c) => [c.id, c] as const))('%s (awaiting process handling)', (_id, c) => replayCase(c, sandboxes));
});
