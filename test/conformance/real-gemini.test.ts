// Cases from runs of the real Gemini CLI 0.61.0 (shared/conformance/real-gemini-cases.json), in the
// Gemini format, replayed black-box by gemini-replay.ts.
import { afterAll, describe, expect, test } from 'vitest';
import type { Sandbox } from '../helpers/cli.js';
import { loadCases, replayCase } from './gemini-replay.js';

const cases = loadCases('real-gemini-cases.json');
const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

describe.concurrent('Gemini CLI 0.61.0 conformance', () => {
  test('the case file holds the cases', () => expect(cases.length).toBeGreaterThanOrEqual(27));
  test.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => replayCase(c, sandboxes));
});
