// Kiro CLI 3's reading of each hook's end and the merge (docs/kiro.md "Kiro CLI 3 hook files"; docs/sources.md §K2.7, following the
// engine where its docs differ), pure: exit 2 blocks PreToolUse, UserPromptSubmit and PreTaskExec with
// stderr as the reason; on Stop a block decision, or exit 1, keeps the agent going; PreToolUse may ask;
// SessionStart and UserPromptSubmit stdout and agent prompts become context; everything else warns.
import type { FailClosedRules } from '../dialect.js';
import { isPlainObject } from '../../files/jsonc.js';
import type { AggregateResult, HookResult, JsonObject, Outcome } from '../../pipeline/types.js';
import { KIRO3_TRIGGERS, kiro3CanBlock } from './kiro3-events.js';

/** The merged output of a Kiro CLI 3 trigger: the kiro dialect's object (docs/kiro.md), plus the ask. */
export interface Kiro3Output extends JsonObject {
  hook_event_name: string;
  blocked: boolean;
  reason: string | null;
  blockMessages: string[];
  context: string | null;
  contextOutputs: string[];
  warnings: string[];
  decision?: 'ask';
  askReason?: string;
}

function parseObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text.trim());
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Stop's block decision, at the top level or under hookSpecificOutput. */
function stopBlock(stdout: string): { reason: string } | undefined {
  const answer = parseObject(stdout);
  if (!answer) return undefined;
  const specific = isPlainObject(answer.hookSpecificOutput) ? answer.hookSpecificOutput : undefined;
  const decided = answer.decision === 'block' ? answer : specific?.decision === 'block' ? specific : undefined;
  return decided ? { reason: typeof decided.reason === 'string' ? decided.reason : '' } : undefined;
}

/** PreToolUse's ask: `{"hookSpecificOutput": {"permissionDecision": "ask", "permissionDecisionReason"?}}`. */
function preToolAsk(stdout: string): { reason: string } | undefined {
  const specific = parseObject(stdout)?.hookSpecificOutput;
  if (!isPlainObject(specific) || specific.permissionDecision !== 'ask') return undefined;
  return { reason: typeof specific.permissionDecisionReason === 'string' ? specific.permissionDecisionReason : '' };
}

/** The context block the model receives: each output inside the engine's `<HOOK_INSTRUCTION>` tags. */
function renderKiro3Context(outputs: readonly string[]): string | null {
  return outputs.length === 0 ? null : outputs.map((o) => `<HOOK_INSTRUCTION>\n${o}\n</HOOK_INSTRUCTION>`).join('\n');
}

const stderrOf = (result: HookResult): string => result.process?.stderr ?? '';
const stdoutOf = (result: HookResult): string => (typeof result.output === 'string' ? result.output : '');

export function aggregateKiro3(event: string, results: readonly HookResult[]): AggregateResult {
  const trigger = KIRO3_TRIGGERS[event]!;
  const output: Kiro3Output = { hook_event_name: event, blocked: false, reason: null, blockMessages: [], context: null, contextOutputs: [], warnings: [] };
  let ask: { reason: string } | undefined;
  for (const result of results) {
    const name = `${event} hook "${result.entry.displayName}"`;
    if (result.error !== undefined) {
      output.warnings.push(`${name} failed: ${result.error}`);
      continue;
    }
    if (result.entry.config.type === 'agent') {
      output.contextOutputs.push(stdoutOf(result));
      continue;
    }
    const stdout = stdoutOf(result);
    const stderr = stderrOf(result).trimEnd();
    if (result.exitCode === 0) {
      if (trigger.stdoutIsContext && stdout.trim() !== '') output.contextOutputs.push(stdout.trimEnd());
      if (event === 'PreToolUse') ask ??= preToolAsk(stdout);
      if (event === 'Stop') {
        const block = stopBlock(stdout);
        if (block) output.blockMessages.push(block.reason);
      }
      continue;
    }
    if (result.exitCode === 2 && trigger.exit2Blocks) {
      output.blockMessages.push(stderr);
      continue;
    }
    if (result.exitCode === 1 && event === 'Stop') {
      // The engine's Stop handler: exit 1 continues the turn with stderr, else stdout, as the reason.
      output.blockMessages.push(stderr !== '' ? stderr : stdout.trimEnd());
      continue;
    }
    const ignored = result.exitCode === 2 ? ` (exit 2 blocks nothing on ${event})` : '';
    output.warnings.push(`${name} exited with code ${result.exitCode}${ignored}${stderr ? `: ${stderr}` : ''}`);
  }
  if (output.blockMessages.length > 0) {
    output.blocked = true;
    output.reason = output.blockMessages.join('\n');
  } else if (ask) {
    output.decision = 'ask';
    output.askReason = ask.reason;
  }
  output.context = renderKiro3Context(output.contextOutputs);
  return {
    finalOutput: output,
    success: results.every((r) => r.success),
    errors: results.flatMap((r) => (r.error !== undefined ? [r.error] : [])),
    totalDurationMs: results.reduce((sum, r) => sum + r.durationMs, 0),
  };
}

export function outcomeKiro3(_event: string, output: JsonObject | undefined): Outcome {
  if (output?.blocked === true) return 'block';
  return output?.decision === 'ask' ? 'ask' : 'proceed';
}

/** `--fail-closed` for Kiro CLI 3 triggers: a hook that failed to answer blocks where Kiro acts on a block. */
export const kiro3FailClosed: FailClosedRules = {
  failure(_event: string, result: HookResult): string | undefined {
    if (result.heldBack) return 'was held back: it is not trusted';
    if (result.error !== undefined) return result.error;
    if (result.entry.config.type === 'agent') return undefined;
    if (result.process?.signal) return `was killed by ${result.process.signal}`;
    if (result.exitCode === 0 || result.exitCode === 2 || (result.exitCode === 1 && result.entry.event === 'Stop')) return undefined;
    return `exited with code ${result.exitCode}`;
  },
  block(event: string, output: JsonObject | undefined, reasons: readonly string[]): JsonObject | undefined {
    if (!kiro3CanBlock(event)) return undefined;
    const reason = reasons.join('\n');
    const messages = [...(Array.isArray(output?.blockMessages) ? (output.blockMessages as string[]) : []), ...(reason === '' ? [] : [reason])];
    const { decision: _ask, askReason: _why, ...rest } = output ?? {};
    return { ...rest, blocked: true, blockMessages: messages, reason: messages.join('\n') };
  },
};
