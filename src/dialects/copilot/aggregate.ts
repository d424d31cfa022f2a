// Copilot's merge (Copilot CLI 1.0.102, docs/copilot.md), pure: (event, results) → the output Copilot acts
// on, in its own flat fields. preToolUse: a deny blocks (the runner stops at the first deny or ask, so it
// is the first), else ask, else allow; a deny without a reason gets Copilot's "No reason provided";
// `modifiedArgs` from the last hook that gave it. permissionRequest: later answers override earlier ones.
// agentStop, subagentStop, userPromptSubmitted and postToolUse: any block blocks, reasons joined;
// subagentStop's `modifiedResponse` and postToolUse's `modifiedResult` from the last hook, dropped by a
// block; userPromptSubmitted's `modifiedPrompt` from the last hook. Context texts are joined with a blank
// line (at most 10 KB). The outcome is docs/copilot.md's ("Merge, output and exit code": a blocked prompt is 2; a blocked tool result is 0, the
// tool having run).
import type { AggregateResult, HookResult, JsonObject, Outcome } from '../../pipeline/types.js';
import type { FailClosedRules } from '../dialect.js';
import { isPlainObject } from '../../files/jsonc.js';
import { canonicalEvent, COPILOT_EVENTS_TABLE } from './events.js';

/** Copilot caps joined additionalContext at 10 KB (docs/sources.md §X3.3). */
const CONTEXT_LIMIT = 10 * 1024;
/** Copilot's reason for a preToolUse deny that gives none. */
const NO_REASON = 'No reason provided';

function summary(results: readonly HookResult[]): Pick<AggregateResult, 'success' | 'errors' | 'totalDurationMs'> {
  return {
    success: results.every((r) => r.success),
    errors: results.flatMap((r) => (r.error !== undefined ? [`${r.entry.displayName}: ${r.error}`] : [])),
    totalDurationMs: results.reduce((sum, r) => sum + r.durationMs, 0),
  };
}

const answer = (result: HookResult): JsonObject | undefined => (isPlainObject(result.output) ? result.output : undefined);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function joinContext(texts: readonly string[]): string | undefined {
  if (texts.length === 0) return undefined;
  const joined = texts.join('\n\n');
  const bytes = Buffer.from(joined, 'utf8');
  return bytes.length <= CONTEXT_LIMIT
    ? joined
    : bytes
        .subarray(0, CONTEXT_LIMIT)
        .toString('utf8')
        .replace(/\uFFFD$/, '');
}

function mergePreTool(answers: readonly JsonObject[], notes: string[]): JsonObject {
  const out: JsonObject = {};
  const first = (decision: string) => answers.find((a) => a.permissionDecision === decision);
  const deny = first('deny');
  const winner = deny ?? first('ask') ?? first('allow');
  if (winner) {
    out.permissionDecision = winner.permissionDecision;
    const reason = text(winner.permissionDecisionReason) ?? (deny ? NO_REASON : undefined);
    if (reason !== undefined) out.permissionDecisionReason = reason;
  }
  if (!deny) {
    const modified = [...answers].reverse().find((a) => a.modifiedArgs !== undefined);
    if (modified) out.modifiedArgs = modified.modifiedArgs;
  }
  for (const a of answers) {
    const d = a.permissionDecision;
    if (d !== undefined && d !== 'allow' && d !== 'deny' && d !== 'ask') notes.push(`permissionDecision ${JSON.stringify(d)} is none of allow, deny, ask; Copilot ignores it`);
  }
  return out;
}

function mergePermission(answers: readonly JsonObject[]): JsonObject {
  const last = [...answers].reverse().find((a) => a.behavior === 'allow' || a.behavior === 'deny');
  if (!last) return {};
  const out: JsonObject = { behavior: last.behavior };
  if (text(last.message) !== undefined) out.message = last.message;
  if (last.behavior === 'deny' && last.interrupt === true) out.interrupt = true;
  return out;
}

/** Any `decision: "block"` blocks, with every block's reason joined by a blank line; undefined when none blocks. */
function mergeBlock(answers: readonly JsonObject[]): JsonObject | undefined {
  const blocks = answers.filter((a) => a.decision === 'block');
  if (blocks.length === 0) return undefined;
  const reasons = blocks.flatMap((a) => (text(a.reason) !== undefined ? [a.reason as string] : []));
  return { decision: 'block', ...(reasons.length > 0 ? { reason: reasons.join('\n\n') } : {}) };
}

/** The value of `field` from the last hook that gave one. */
function last(answers: readonly JsonObject[], field: string, valid: (value: unknown) => boolean = (value) => value !== undefined): JsonObject {
  const found = [...answers].reverse().find((a) => valid(a[field]));
  return found ? { [field]: found[field] } : {};
}

function mergeStop(event: string, answers: readonly JsonObject[]): JsonObject {
  const blocked = mergeBlock(answers);
  if (blocked) return blocked;
  const out: JsonObject = {};
  if (answers.some((a) => a.decision === 'allow')) out.decision = 'allow';
  return event === 'subagentStop' ? { ...out, ...last(answers, 'modifiedResponse') } : out;
}

export function aggregateCopilot(event: string, results: readonly HookResult[]): AggregateResult {
  const camel = canonicalEvent(event) ?? event;
  const spec = COPILOT_EVENTS_TABLE[camel];
  const notes: string[] = [];
  const answers = results.flatMap((r) => {
    const a = answer(r);
    return a ? [a] : [];
  });
  for (const r of results) {
    if (r.error === undefined && r.outputFormat === 'text') notes.push(`${r.entry.displayName} printed output that is not one JSON object; Copilot treats it as no output`);
  }
  const isString = (value: unknown) => typeof value === 'string';
  let output: JsonObject = {};
  if (camel === 'preToolUse') output = mergePreTool(answers, notes);
  else if (camel === 'permissionRequest') output = mergePermission(answers);
  else if (camel === 'agentStop' || camel === 'subagentStop') output = mergeStop(camel, answers);
  else if (camel === 'userPromptTransformed') output = last(answers, 'modifiedTransformedPrompt', isString);
  else if (camel === 'userPromptSubmitted') output = { ...mergeBlock(answers), ...last(answers, 'modifiedPrompt', isString) };
  else if (camel === 'postToolUse') {
    // A blocked result is replaced by "Tool result blocked: <reason>", so no modifiedResult survives it; Copilot uses only an object.
    output = mergeBlock(answers) ?? last(answers, 'modifiedResult', isPlainObject);
  }
  // A blocked tool result is replaced whole ("Tool result blocked: <reason>"): context added to it goes with it.
  const resultBlocked = camel === 'postToolUse' && output.decision === 'block';
  if (spec?.outputs.includes('additionalContext') && !resultBlocked) {
    const context = joinContext(answers.flatMap((a) => (text(a.additionalContext) !== undefined ? [a.additionalContext as string] : [])));
    if (context !== undefined) output.additionalContext = context;
  }
  if (spec && spec.outputs.length === 0 && answers.length > 0) notes.push(`Copilot does not use the output of ${camel} hooks`);
  return { finalOutput: output, ...summary(results), ...(notes.length > 0 ? { notes } : {}) };
}

/**
 * docs/copilot.md "Merge, output and exit code": permissionRequest deny with interrupt 4; preToolUse deny, permissionRequest deny, a stop block
 * and a blocked prompt 2; preToolUse ask 3. A postToolUse block changes what the model reads, not whether
 * the tool ran: 0.
 */
export function outcomeCopilot(event: string, output: JsonObject | undefined): Outcome {
  const blocks = COPILOT_EVENTS_TABLE[canonicalEvent(event) ?? event]?.blocks;
  if (blocks === 'tool') return output?.permissionDecision === 'deny' ? 'block' : output?.permissionDecision === 'ask' ? 'ask' : 'proceed';
  if (blocks === 'permission') return output?.behavior === 'deny' ? (output.interrupt === true ? 'stop' : 'block') : 'proceed';
  if (blocks === 'stop' || blocks === 'prompt') return output?.decision === 'block' ? 'block' : 'proceed';
  return 'proceed';
}

/** Copilot runs no later preToolUse hook once one has denied (a crash included) or asked. */
export function endsEventCopilot(event: string, result: HookResult): string | undefined {
  if (canonicalEvent(event) !== 'preToolUse') return undefined;
  const decision = answer(result)?.permissionDecision;
  if (decision !== 'deny' && decision !== 'ask') return undefined;
  return `whose answer is ${decision}, Copilot runs no later preToolUse hook`;
}

/** `--fail-closed` in Copilot's terms: a hook that could not start, crashed, timed out or printed no JSON it can read. */
export const copilotFailClosed: FailClosedRules = {
  failure(_event: string, result: HookResult): string | undefined {
    if (result.error !== undefined) return result.error;
    if (result.outputFormat === 'text') return 'printed output that is not one JSON object';
    return undefined;
  },
  block(event: string, output: JsonObject | undefined, reasons: readonly string[]): JsonObject | undefined {
    const reason = reasons.join('\n');
    const blocks = COPILOT_EVENTS_TABLE[canonicalEvent(event) ?? event]?.blocks;
    if (blocks === 'tool') {
      const earlier = output?.permissionDecision === 'deny' ? text(output.permissionDecisionReason) : undefined;
      const { modifiedArgs: _dropped, ...rest } = output ?? {};
      return { ...rest, permissionDecision: 'deny', permissionDecisionReason: [earlier, reason].filter((r) => r !== undefined).join('\n') };
    }
    if (blocks === 'permission') {
      const earlier = output?.behavior === 'deny' ? text(output.message) : undefined;
      return { ...output, behavior: 'deny', message: [earlier, reason].filter((r) => r !== undefined).join('\n') };
    }
    if (blocks === 'stop' || blocks === 'prompt') {
      const earlier = output?.decision === 'block' ? text(output.reason) : undefined;
      const { modifiedResponse: _dropped, ...rest } = output ?? {};
      return { ...rest, decision: 'block', reason: [earlier, reason].filter((r) => r !== undefined).join('\n') };
    }
    return undefined;
  },
};

/** Copilot reads the context hooks add from the top-level `additionalContext` (docs/sources.md §X3.3), not hookSpecificOutput. */
export function addedContextCopilot(_event: string, output: JsonObject): unknown {
  return output.additionalContext;
}

/** preToolUse's `modifiedArgs` (from the last hook that gave one, unless a deny dropped it) replaces toolArgs. */
export function rewrittenToolInputCopilot(event: string, output: JsonObject): unknown {
  return canonicalEvent(event) === 'preToolUse' ? output.modifiedArgs : undefined;
}
