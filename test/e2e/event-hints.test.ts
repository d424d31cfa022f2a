// An event name the dialect does not have: the hint names the slip (typo, case, `_`), or the
// dialect whose name it is and this dialect's event for the same moment.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await makeSandbox();
});
afterAll(() => sb.cleanup());

test.each([
  ['gemini', 'BeforeTol', 'Did you mean "BeforeTool"?'],
  ['gemini', 'before_tool', 'Did you mean "BeforeTool"?'],
  ['gemini', 'session-start', 'Did you mean "SessionStart"?'],
  ['gemini', 'beforetool', 'Did you mean "BeforeTool"?'],
  ['gemini', 'PreToolUse', '"PreToolUse" is a claude event: add --dialect claude, or use "BeforeTool" (the gemini event at that moment).'],
  ['gemini', 'preToolUse', '"preToolUse" is a kiro event: add --dialect kiro, or use "BeforeTool" (the gemini event at that moment).'],
  ['claude', 'BeforeTool', '"BeforeTool" is a gemini event: add --dialect gemini, or use "PreToolUse" (the claude event at that moment).'],
  ['claude', 'pre_tool_use', 'Did you mean "PreToolUse"?'],
  ['kiro', 'AfterTool', '"AfterTool" is a gemini event: add --dialect gemini, or use "postToolUse" (the kiro event at that moment).'],
])('--dialect %s, run %s: %s', async (dialect, event, hint) => {
  const result = await hookrun(['run', event, '--dialect', dialect], { env: sb.env, cwd: sb.ws });
  expect(result.exitCode).toBe(1);
  expect(result.stderr).toContain(`hookrun: error: unknown ${dialect} event "${event}". ${hint} Events: `);
});

test('a name close to nothing gets the list and no guess', async () => {
  const result = await hookrun(['run', 'Nope'], { env: sb.env, cwd: sb.ws });
  expect(result.stderr).toMatch(/^hookrun: error: unknown gemini event "Nope"\. Events: BeforeTool, /);
});

test('argument errors carry the "hookrun:" prefix; run --help lists -C', async () => {
  const bad = await hookrun(['run', '--bogus'], { env: sb.env, cwd: sb.ws });
  expect(bad.stderr).toMatch(/^hookrun: error: unknown option '--bogus'\n/);
  expect(bad.exitCode).toBe(1);
  const help = await hookrun(['run', '--help'], { env: sb.env, cwd: sb.ws });
  expect(help.stdout).toMatch(/Global Options:\n(?:.*\n)*?\s+-C, --cwd <dir> /);
});
