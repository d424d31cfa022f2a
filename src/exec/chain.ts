// Sequential chaining in Gemini CLI (spec §3.9): a successful hook's hookSpecificOutput shapes the
// next hook's input, shallowly; a failing hook changes nothing. The merge itself is not affected.
import type { HookResult, JsonObject } from '../types.js';

export function chainGemini(event: string, input: JsonObject, result: HookResult): JsonObject {
  const specific = result.success && result.output ? (result.output as JsonObject).hookSpecificOutput : undefined;
  if (!specific || typeof specific !== 'object') return input;
  const hso = specific as JsonObject;
  switch (event) {
    case 'BeforeAgent':
      return typeof hso.additionalContext === 'string'
        ? { ...input, prompt: `${String(input.prompt)}\n\n${hso.additionalContext}` }
        : input;
    case 'BeforeModel':
      return hso.llm_request
        ? { ...input, llm_request: { ...(input.llm_request as object), ...(hso.llm_request as object) } }
        : input;
    case 'BeforeTool':
      return hso.tool_input
        ? { ...input, tool_input: { ...(input.tool_input as object), ...(hso.tool_input as object) } }
        : input;
    default:
      return input;
  }
}
