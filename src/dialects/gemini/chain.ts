// Sequential chaining in Gemini CLI (docs/sources.md §G3.9): a successful hook's hookSpecificOutput shapes the
// next hook's input, shallowly; a failing hook changes nothing. The merge itself is not affected.
import { AgentEventError } from '../../pipeline/errors.js';
import type { HookResult, JsonObject } from '../../pipeline/types.js';

/** The key Gemini CLI looks for, with `in`, in a chaining event's hookSpecificOutput. */
const CHAIN_KEYS: Readonly<Record<string, string>> = { BeforeAgent: 'additionalContext', BeforeModel: 'llm_request', BeforeTool: 'tool_input' };

export function chainGemini(event: string, input: JsonObject, result: HookResult): JsonObject {
  const specific = result.success && result.output ? (result.output as JsonObject).hookSpecificOutput : undefined;
  if (specific && typeof specific !== 'object' && CHAIN_KEYS[event]) {
    // `'tool_input' in "text"` throws: the sequence stops there and the event has no output.
    throw new AgentEventError(`its sequential run looks for ${CHAIN_KEYS[event]} in hookSpecificOutput ${JSON.stringify(specific)}, which is not an object`);
  }
  if (!specific || typeof specific !== 'object') return input;
  const hso = specific as JsonObject;
  // Each field is changed only where the input has it (the agent checks `'prompt' in input` and so on).
  switch (event) {
    case 'BeforeAgent':
      return typeof hso.additionalContext === 'string' && 'prompt' in input ? { ...input, prompt: `${String(input.prompt)}\n\n${hso.additionalContext}` } : input;
    case 'BeforeModel':
      return hso.llm_request && 'llm_request' in input ? { ...input, llm_request: { ...(input.llm_request as object), ...(hso.llm_request as object) } } : input;
    case 'BeforeTool':
      return hso.tool_input && 'tool_input' in input ? { ...input, tool_input: { ...(input.tool_input as object), ...(hso.tool_input as object) } } : input;
    default:
      return input;
  }
}
