// VS Code's merge of several hooks' answers, pure (vscode-docs hooks.md: "the most restrictive wins"): it is
// Claude Code's merge of the same output vocabulary (continue:false over everything, a PreToolUse permission
// deny > ask > allow, any `decision: "block"` blocks, messages and context kept), reused from claude/.
import type { AggregateResult, HookResult, JsonObject, Outcome, ResolvedConfig } from '../../pipeline/types.js';
import { aggregateClaude } from '../claude/aggregate.js';
import type { FailClosedRules } from '../dialect.js';
import { vscodeBlock } from './events.js';
import { vscodeBlockOutput } from './run.js';

export function aggregateVscode(event: string, results: readonly HookResult[]): AggregateResult {
  return aggregateClaude(event, results);
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** 4 stop (continue:false, whatever else was said), 2 block (a PreToolUse deny, a `decision: "block"` where the event has one), 3 ask. */
export function outcomeVscode(event: string, output: JsonObject | undefined): Outcome {
  if (!output) return 'proceed';
  if (output.continue === false) return 'stop';
  const block = vscodeBlock(event);
  if (block === 'tool') {
    const hso = isObject(output.hookSpecificOutput) ? output.hookSpecificOutput : {};
    if (hso.permissionDecision === 'deny') return 'block';
    if (hso.permissionDecision === 'ask') return 'ask';
    return 'proceed';
  }
  return block === 'decision' && output.decision === 'block' ? 'block' : 'proceed';
}

export const vscodeFailClosed: FailClosedRules = {
  failure: (_event, result) => result.error,
  block(event: string, output: JsonObject | undefined, reasons: readonly string[], _config: ResolvedConfig) {
    const blocked = vscodeBlockOutput(event, reasons.join('\n'));
    if (!blocked) return undefined;
    const hso = { ...(isObject(output?.hookSpecificOutput) ? output.hookSpecificOutput : {}), ...(isObject(blocked.hookSpecificOutput) ? blocked.hookSpecificOutput : {}) };
    return { ...output, ...blocked, ...(Object.keys(hso).length > 0 ? { hookSpecificOutput: hso } : {}) };
  },
};
