// Gemini CLI's sequential chaining (spec §3.9): what the next hook receives, and where the agent's
// own code throws (it looks for a key with `in`, which a string, number or true cannot answer).
import { describe, expect, test } from 'vitest';
import { AgentEventError } from '../../../src/pipeline/errors.js';
import { chainGemini } from '../../../src/dialects/gemini/chain.js';
import type { HookResult, JsonObject } from '../../../src/pipeline/types.js';

const answered = (output: unknown, success = true) => ({ success, output }) as unknown as HookResult;

describe('chainGemini', () => {
  test('BeforeTool merges tool_input, BeforeAgent appends the context to the prompt, BeforeModel merges llm_request', () => {
    expect(chainGemini('BeforeTool', { tool_input: { a: 1, b: 1 } }, answered({ hookSpecificOutput: { tool_input: { b: 2 } } }))).toEqual({ tool_input: { a: 1, b: 2 } });
    expect(chainGemini('BeforeAgent', { prompt: 'p' }, answered({ hookSpecificOutput: { additionalContext: 'c' } }))).toEqual({ prompt: 'p\n\nc' });
    expect(chainGemini('BeforeModel', { llm_request: { model: 'a', x: 1 } }, answered({ hookSpecificOutput: { llm_request: { model: 'b' } } }))).toEqual({
      llm_request: { model: 'b', x: 1 },
    });
  });

  test('a field the input lacks is not added (the agent checks that the input has it)', () => {
    expect(chainGemini('BeforeAgent', { x: 1 }, answered({ hookSpecificOutput: { additionalContext: 'c' } }))).toEqual({ x: 1 });
    expect(chainGemini('BeforeTool', { x: 1 }, answered({ hookSpecificOutput: { tool_input: { a: 1 } } }))).toEqual({ x: 1 });
    expect(chainGemini('BeforeModel', { x: 1 }, answered({ hookSpecificOutput: { llm_request: { model: 'm' } } }))).toEqual({ x: 1 });
  });

  test('a failed hook changes nothing', () => {
    const input: JsonObject = { tool_input: { a: 1 } };
    expect(chainGemini('BeforeTool', input, answered({ hookSpecificOutput: { tool_input: { a: 2 } } }, false))).toBe(input);
  });

  test.each([
    ['BeforeTool', 'tool_input'],
    ['BeforeAgent', 'additionalContext'],
    ['BeforeModel', 'llm_request'],
  ])('%s: a hookSpecificOutput that is no object throws where the agent does (it looks for %s in it)', (event, key) => {
    for (const hso of ['text', 3, true]) {
      expect(() => chainGemini(event, {}, answered({ hookSpecificOutput: hso }))).toThrow(AgentEventError);
      expect(() => chainGemini(event, {}, answered({ hookSpecificOutput: hso }))).toThrow(new RegExp(`looks for ${key} in hookSpecificOutput`));
    }
  });

  test('other events read nothing from it, so nothing throws', () => {
    const input: JsonObject = { x: 1 };
    expect(chainGemini('AfterTool', input, answered({ hookSpecificOutput: 'text' }))).toBe(input);
  });
});
