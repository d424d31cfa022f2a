// Cases whose expected output Gemini CLI's own code produced (shared/conformance), replayed
// black-box through `hookrun run` as the conformance README describes.
import { afterAll, describe, test } from 'vitest';
import type { Sandbox } from '../helpers/cli.js';
import { isTimed, loadCases, replayCase, SNAPSHOT_RELEASE } from './gemini-replay.js';

// Cases with a hook timeout under 2 s replay in gemini-timed.alone.test.ts, where no other file loads the box.
const cases = loadCases('gemini-cases.json').filter((c) => !isTimed(c));
const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

describe.concurrent('Gemini CLI conformance', () => {
  test.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => replayCase(c, sandboxes, SNAPSHOT_RELEASE));
});
