// The report's words for each agent's answers come from its dialect (Dialect.answerWords, in
// src/dialects/<name>/words.ts); render/report.ts only puts them on one line. The lines below are what the
// report said before the words moved into the dialect folders, for each agent's own answer fields: they
// must not change. A field the agent does not read is not described as a decision.
import { expect, test } from 'vitest';
import { getDialect } from '../../src/dialects/index.js';
import { renderRunText } from '../../src/render/report.js';
import { CASES, reportOf } from './answer-words.cases.js';

const EXPECTED: string[][] = [
  ['  ✓ guard (project) 5 ms, exit 0 → deny: no rm', 'hookrun: outcome: block (exit 0): no rm'],
  ['  ✓ guard (project) 5 ms, exit 0 → stop: halt', 'hookrun: outcome: stop the agent (exit 0): halt'],
  ['  ✓ guard (project) 5 ms, exit 0 → ask: sure?', 'hookrun: outcome: ask the user (exit 0): sure?'],
  ['  ✓ guard (project) 5 ms, exit 0 → block', 'hookrun: outcome: block (exit 0): No reason provided'],
  ['  ✓ guard (project) 5 ms, exit 0 → deny: no rm', 'hookrun: outcome: block (exit 0): no rm'],
  ['  ✓ guard (project) 5 ms, exit 0 → ask: sure?', 'hookrun: outcome: ask the user (exit 0): sure?'],
  ['  ✓ guard (project) 5 ms, exit 0 → deny', 'hookrun: outcome: block (exit 0): No reason provided'],
  ['  ✓ guard (project) 5 ms, exit 0 → stop: halt', 'hookrun: outcome: stop the agent (exit 0): halt'],
  ['  ✓ guard (project) 5 ms, exit 0 → deny: no rm', 'hookrun: outcome: block (exit 0): no rm'],
  ['  ✓ guard (project) 5 ms, exit 0 → deny: do not', 'hookrun: outcome: block (exit 0): do not'],
  ['  ✓ guard (project) 5 ms, exit 0 → ask: sure?', 'hookrun: outcome: ask the user (exit 0): sure?'],
  ['  ✓ guard (project) 5 ms, exit 0 → stop: not this prompt', 'hookrun: outcome: stop the agent (exit 0): No reason provided'],
  ['  ✓ guard (project) 5 ms, exit 0 → keep going', 'hookrun: outcome: block (exit 0): keep going'],
  ['  ✓ guard (project) 5 ms, exit 0 → deny: no rm', 'hookrun: outcome: block (exit 0): no rm'],
  ['  ✓ guard (project) 5 ms, exit 0 → deny: not now', 'hookrun: outcome: block (exit 0): not now'],
  ['  ✓ guard (project) 5 ms, exit 0 → deny: stop it', 'hookrun: outcome: stop the agent (exit 0): No reason provided'],
  ['  ✓ guard (project) 5 ms, exit 0 → block: tests fail', 'hookrun: outcome: block (exit 0): tests fail'],
  ['  ✓ guard (project) 5 ms, exit 0 → deny: no rm', 'hookrun: outcome: block (exit 0): no rm'],
  ['  ✓ guard (project) 5 ms, exit 0 → force_ask', 'hookrun: outcome: ask the user (exit 0)'],
  ['  ✓ guard (project) 5 ms, exit 0 → blocked: rm', 'hookrun: outcome: block (exit 0): blocked: rm'],
];

const linesOf = (text: string) => text.split('\n').filter((l) => l.includes('→') || l.includes('outcome:'));

test.each(CASES.map((c, i) => [i, ...c] as const))('%i %s %j (%s)', async (i, dialect, answer, outcome) => {
  const text = renderRunText(reportOf(answer, outcome), false, (await getDialect(dialect)).answerWords);
  expect(linesOf(text)).toEqual(EXPECTED[i]);
});

test.each([
  ['cursor', { decision: 'block', reason: 'Claude-style' }, 'output without a decision'],
  ['gemini', { hookSpecificOutput: { permissionDecision: 'deny' } }, 'output without a decision'],
  ['copilot', { permission: 'deny', agent_message: 'Cursor-style' }, 'output without a decision'],
  ['claude', { hookSpecificOutput: { permissionDecision: 'deny' } }, 'deny'],
] as const)('%s: %j is described as %j (only the fields the agent reads)', async (dialect, answer, said) => {
  const text = renderRunText(reportOf(answer, 'proceed'), false, (await getDialect(dialect)).answerWords);
  expect(linesOf(text)[0]).toMatch(new RegExp(`→ ${said}$`));
});
