// The event as a hook reads it on stdin: the base fields, then the event's own fields in the order the
// agent writes them (spec §1.1–1.2), whatever order the caller gave them in.
import { expect, test } from 'vitest';
import { completeGeminiInput } from '../../../src/dialects/gemini/input.js';
import type { Context } from '../../../src/pipeline/context.js';

const ctx: Context = { cwd: '/ws', env: {}, platform: 'linux', now: () => new Date(0) };
const keys = (event: string, input: Record<string, unknown>) => Object.keys(completeGeminiInput(event, input, ctx));
const BASE = ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp'];

test.each([
  ['BeforeTool', { original_request_name: 'o', tool_input: {}, mcp_context: {}, tool_name: 'x' }, ['tool_name', 'tool_input', 'mcp_context', 'original_request_name']],
  ['AfterTool', { mcp_context: {}, tool_response: {}, tool_input: {}, tool_name: 'x' }, ['tool_name', 'tool_input', 'tool_response', 'mcp_context']],
  ['AfterAgent', { stop_hook_active: true, prompt_response: 'r', prompt: 'p' }, ['prompt', 'prompt_response', 'stop_hook_active']],
  ['Notification', { details: {}, message: 'm', notification_type: 'ToolPermission' }, ['notification_type', 'message', 'details']],
  ['AfterModel', { llm_response: {}, llm_request: {} }, ['llm_request', 'llm_response']],
])("%s: the agent's order", (event, input, order) => {
  expect(keys(event, { ...input, session_id: 's' })).toEqual([...BASE, ...order]);
});

test('fields the agent does not send come after its own, as given; base fields given last still come first', () => {
  expect(keys('BeforeTool', { extra_b: 1, tool_input: {}, extra_a: 2, tool_name: 'x', cwd: '/c', session_id: 's' })).toEqual([
    ...BASE,
    'tool_name',
    'tool_input',
    'extra_b',
    'extra_a',
  ]);
});

test('a "__proto__" field stays a field', () => {
  const input = JSON.parse('{"tool_name":"x","__proto__":{"a":1}}') as Record<string, unknown>;
  expect(JSON.stringify(completeGeminiInput('BeforeTool', { ...input, session_id: 's' }, ctx))).toContain('"__proto__":{"a":1}');
});

// Gemini's event builders: fireAfterAgentEvent(prompt, response, stopHookActive = false) always sends the
// flag; fireBeforeToolEvent/fireAfterToolEvent send original_request_name only when it is truthy.
test('AfterAgent always carries stop_hook_active, false when not given', () => {
  const event = (input: Record<string, unknown>) => completeGeminiInput('AfterAgent', { session_id: 's', ...input }, ctx);
  expect(event({ prompt: 'p', prompt_response: 'r' })).toMatchObject({ stop_hook_active: false });
  expect(keys('AfterAgent', { prompt_response: 'r', prompt: 'p', extra: 1 })).toEqual([...BASE, 'prompt', 'prompt_response', 'stop_hook_active', 'extra']);
  expect(event({ stop_hook_active: true })).toMatchObject({ stop_hook_active: true });
  expect(completeGeminiInput('BeforeAgent', { prompt: 'p' }, ctx)).not.toHaveProperty('stop_hook_active');
});

test.each(['BeforeTool', 'AfterTool'])('%s drops an empty original_request_name and keeps a given one', (event) => {
  expect(completeGeminiInput(event, { tool_name: 'x', original_request_name: '' }, ctx)).not.toHaveProperty('original_request_name');
  expect(completeGeminiInput(event, { tool_name: 'x', original_request_name: 'o' }, ctx)).toMatchObject({ original_request_name: 'o' });
});
