// The verdict's reason and message come from each agent's own fields (Dialect.verdictWords): one table row
// per agent answer of test/render/answer-words.cases.ts, the reason the verdict must name.
import { describe, expect, test } from 'vitest';
import { buildVerdict } from '../../src/pipeline/verdict.js';
import { getDialect } from '../../src/dialects/index.js';
import type { JsonObject } from '../../src/pipeline/types.js';
import { CASES } from '../render/answer-words.cases.js';

const REASONS: (string | undefined)[] = [
  'no rm',
  'halt',
  undefined,
  undefined,
  'no rm',
  'sure?',
  undefined,
  'halt',
  'no rm',
  'do not',
  'sure?',
  'not this prompt',
  'keep going',
  'no rm',
  'not now',
  'stop it',
  'tests fail',
  'no rm',
  undefined,
  'blocked: rm',
];

describe("the verdict reads each agent's reason from its own field", () => {
  test.each(CASES.map((c, i) => [...c, REASONS[i]] as const))('%s %j (%s) → %j', async (name, answer, outcome, reason) => {
    const dialect = await getDialect(name as never);
    const output: JsonObject = typeof answer === 'string' ? { reason: answer } : answer;
    const verdict = buildVerdict(dialect, 'E', outcome, output, []);
    expect(verdict.outcome).toBe(outcome);
    expect(verdict.reason).toBe(reason);
  });

  test("a proceed has no reason, whatever the output says; the user message is the agent's", async () => {
    const gemini = await getDialect('gemini');
    expect(buildVerdict(gemini, 'BeforeTool', 'proceed', { reason: 'fine', systemMessage: 'hi' }, [])).toEqual({ outcome: 'proceed', systemMessage: 'hi', notRun: [] });
    const cursor = await getDialect('cursor');
    expect(buildVerdict(cursor, 'preToolUse', 'ask', { permission: 'ask', user_message: 'sure?' }, []).systemMessage).toBe('sure?');
  });
});
