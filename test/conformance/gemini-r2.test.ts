// The second round of cases from Gemini CLI's own code (shared/conformance/gemini-cases-r2.json:
// generated cases and a minimal repro per class where hookrun had decided differently), replayed
// exactly as the first round is. Every case runs: the background-child and capture-cap classes
// (issue 20, 8–10) wait on nothing since the process module reads until the pipes close.
import { afterAll, describe, test } from 'vitest';
import type { Sandbox } from '../helpers/cli.js';
import { isTimed, loadCases, replayCase, SNAPSHOT_RELEASE } from './gemini-replay.js';

// Cases with a hook timeout under 2 s replay in gemini-timed.alone.test.ts, where no other file loads the box.
const cases = loadCases('gemini-cases-r2.json').filter((c) => !isTimed(c));
const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

describe.concurrent('Gemini CLI conformance, round 2', () => {
  test.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => replayCase(c, sandboxes, SNAPSHOT_RELEASE));
});
