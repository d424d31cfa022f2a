// Kiro CLI's merge (docs/kiro.md "Output"), pure: (trigger, results) → what the agent does. Results count in
// completion order, then the cached ones (Kiro appends cache hits after the hooks it ran). Exit 0 output
// of agentSpawn / userPromptSubmit becomes one context block; exit 2 blocks preToolUse only, with the
// kept stderr as the tool's error result; every other non-zero exit, timeout or spawn failure is a
// warning shown to the user.
import type { AggregateResult, HookResult, JsonObject, Outcome } from '../../pipeline/types.js';

export const BLOCK_PREFIX = 'PreToolHook blocked the tool execution: ';
const CONTEXT_BEGIN = '--- CONTEXT ENTRY BEGIN ---';
const CONTEXT_END = '--- CONTEXT ENTRY END ---';
/**
 * The sentence Kiro puts at the top of a hook context block, in hookrun's words (the markers and layout are
 * Kiro's; the wording of this one sentence is ours). agentSpawn adds the last four words.
 */
export const CONTEXT_PREAMBLE =
  'The output of the programmatic hook scripts below is important context: use it in your responses, follow any requests in it and take all of it into account';
const WHOLE_CONVERSATION = ' for the entire conversation';

/** The merged output of a Kiro trigger: what `hookrun run --dialect kiro` prints (schema in docs/kiro.md). */
export interface KiroOutput extends JsonObject {
  hook_event_name: string;
  /** preToolUse only: a hook exited 2, so the tool does not run. */
  blocked: boolean;
  /** The text the model receives instead of the tool's result (the block messages, one per line), or null. */
  reason: string | null;
  /** One error tool result per blocking hook, in completion order. */
  blockMessages: string[];
  /** agentSpawn / userPromptSubmit: the context block added for the model, or null when no hook gave output. */
  context: string | null;
  /** The hook outputs inside `context`, in order. */
  contextOutputs: string[];
  /** What Kiro prints to the user for each hook that failed (non-zero exit, timeout, could not start). */
  warnings: string[];
}

const CONTEXT_TRIGGERS: ReadonlySet<string> = new Set(['agentSpawn', 'userPromptSubmit']);

/** Completion order of the hooks that ran (all start together, so shortest first), then the cache hits. */
export function completionOrder(results: readonly HookResult[]): HookResult[] {
  const ran = results.filter((r) => !r.cached).sort((a, b) => a.durationMs - b.durationMs || a.index - b.index);
  return [...ran, ...results.filter((r) => r.cached)];
}

/** The block Kiro adds to the conversation: markers, the preamble, then each output followed by a blank line. */
export function renderContextBlock(trigger: string, outputs: readonly string[]): string | null {
  if (outputs.length === 0) return null;
  const preamble = CONTEXT_PREAMBLE + (trigger === 'agentSpawn' ? WHOLE_CONVERSATION : '');
  return `${CONTEXT_BEGIN}\n${preamble}\n\n${outputs.map((output) => `${output}\n\n`).join('')}${CONTEXT_END}\n\n`;
}

function warning(trigger: string, result: HookResult): string | undefined {
  if (result.error !== undefined) return `${trigger} hook "${result.command}" failed: ${result.error}`;
  if (result.exitCode === 0) return undefined;
  const text = typeof result.output === 'string' ? result.output.trimEnd() : '';
  return `${trigger} hook "${result.command}" exited with code ${result.exitCode}${text ? `: ${text}` : ''}`;
}

export function aggregateKiro(event: string, results: readonly HookResult[]): AggregateResult {
  const output: KiroOutput = {
    hook_event_name: event,
    blocked: false,
    reason: null,
    blockMessages: [],
    context: null,
    contextOutputs: [],
    warnings: [],
  };
  for (const result of completionOrder(results)) {
    const text = typeof result.output === 'string' ? result.output : '';
    if (result.error === undefined && result.exitCode === 0) {
      if (CONTEXT_TRIGGERS.has(event) && text !== '') output.contextOutputs.push(text);
      continue;
    }
    const note = warning(event, result);
    if (note !== undefined) output.warnings.push(note);
    if (event === 'preToolUse' && result.error === undefined && result.exitCode === 2) {
      output.blocked = true;
      output.blockMessages.push(BLOCK_PREFIX + text);
    }
  }
  if (output.blocked) output.reason = output.blockMessages.join('\n');
  output.context = renderContextBlock(event, output.contextOutputs);
  const errors = results.flatMap((r) => (r.error ? [r.error] : []));
  return {
    finalOutput: output,
    success: results.every((r) => r.success),
    errors,
    totalDurationMs: results.reduce((sum, r) => sum + r.durationMs, 0),
  };
}

/** The context block the model receives, as Kiro wraps it (markers, or Kiro CLI 3's tags, included). */
export function addedContextKiro(_event: string, output: JsonObject): unknown {
  return output.context;
}

export function outcomeKiro(_event: string, finalOutput: JsonObject | undefined): Outcome {
  return finalOutput?.blocked === true ? 'block' : 'proceed';
}
