// Cases whose expected output Gemini CLI's own code produced (shared/conformance), replayed
// black-box through `hookrun run` as the conformance README describes.
import { afterAll, describe, test } from 'vitest';
import type { Sandbox } from '../helpers/cli.js';
import { loadCases, replayCase } from './gemini-replay.js';

const cases = loadCases('gemini-cases.json');
const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

describe.concurrent('Gemini CLI conformance', () => {
  test.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => replayCase(c, sandboxes));
});
