// agy's answers and their merge (docs/antigravity.md "Matching, running, answers", "Output and exit code"), pure: (event, results) → the output agy acts on.
// PreToolUse fails closed: a handler without a valid decision (no output, not JSON, `{}`, an unknown
// value, a timeout) denies with an empty reason, agy's own rule. The strictest decision wins.
import type { AggregateResult, HookResult, JsonObject, Outcome } from '../../pipeline/types.js';
import type { FailClosedRules } from '../dialect.js';
import { isPlainObject } from '../../files/jsonc.js';
import { PRE_TOOL_DECISIONS, type PreToolDecision } from './events.js';

export interface HandlerDecision {
  decision: PreToolDecision;
  reason: string;
  /** Set when agy's fail-closed rule decided (the handler gave no valid decision), saying why. */
  failedClosed?: string;
}

const isDecision = (value: unknown): value is PreToolDecision => typeof value === 'string' && (PRE_TOOL_DECISIONS as readonly string[]).includes(value);

function why(result: HookResult): string {
  if (result.error !== undefined) return result.error;
  if (result.output === undefined) return 'printed nothing on stdout';
  if (result.outputFormat === 'text') return 'printed text that is not a JSON object';
  const decision = (result.output as JsonObject).decision;
  return decision === undefined ? 'gave no "decision"' : `gave the unknown decision ${JSON.stringify(decision)}`;
}

/** One PreToolUse handler's answer (docs/antigravity.md "Matching, running, answers"). */
function preToolDecision(result: HookResult): HandlerDecision {
  const output = result.error === undefined && isPlainObject(result.output) ? result.output : undefined;
  if (output && isDecision(output.decision)) return { decision: output.decision, reason: textOr(output.reason) };
  if (output && typeof output.allowTool === 'boolean') {
    return output.allowTool ? { decision: 'allow', reason: '' } : { decision: 'deny', reason: textOr(output.denyReason) };
  }
  return { decision: 'deny', reason: '', failedClosed: why(result) };
}

const textOr = (value: unknown): string => (typeof value === 'string' ? value : '');

function summary(results: readonly HookResult[]): Pick<AggregateResult, 'success' | 'errors' | 'totalDurationMs'> {
  return {
    success: results.every((r) => r.success),
    errors: results.flatMap((r) => (r.error !== undefined ? [`${r.entry.displayName}: ${r.error}`] : [])),
    totalDurationMs: results.reduce((sum, r) => sum + r.durationMs, 0),
  };
}

function aggregatePreTool(results: readonly HookResult[]): AggregateResult {
  if (results.length === 0) return { finalOutput: {}, ...summary(results) };
  const notes: string[] = [];
  const decisions = results.map((result) => {
    const d = preToolDecision(result);
    if (d.failedClosed !== undefined) {
      notes.push(
        `${result.entry.displayName} ${d.failedClosed}: agy fails closed and denies the tool (a PreToolUse hook must print {"decision": "allow"|"deny"|"ask"|"force_ask"})`,
      );
    }
    return d;
  });
  const winner = PRE_TOOL_DECISIONS.find((decision) => decisions.some((d) => d.decision === decision))!;
  const reason = decisions
    .filter((d) => d.decision === winner && d.reason !== '')
    .map((d) => d.reason)
    .join('\n');
  const output: JsonObject = { decision: winner };
  if (reason !== '') output.reason = reason;
  const overrides: unknown[] = [];
  let overwrite: JsonObject | undefined;
  for (const result of results) {
    if (result.error !== undefined || !isPlainObject(result.output)) continue;
    const { permissionOverrides, overwrite: changes } = result.output;
    if (Array.isArray(permissionOverrides)) overrides.push(...permissionOverrides);
    if (isPlainObject(changes)) overwrite = { ...overwrite, ...changes };
  }
  if (overrides.length > 0) output.permissionOverrides = overrides;
  if (overwrite) output.overwrite = overwrite;
  return { finalOutput: output, ...summary(results), ...(notes.length > 0 ? { notes } : {}) };
}

function aggregateOther(event: string, results: readonly HookResult[]): AggregateResult {
  const notes: string[] = [];
  const output: JsonObject = {};
  const steps: unknown[] = [];
  const reasons: string[] = [];
  let terminate = false;
  let forceContinue = false;
  let keepGoing = false;
  for (const result of results) {
    if (result.error !== undefined) continue;
    if (result.outputFormat === 'text') {
      notes.push(`${result.entry.displayName} printed text that is not a JSON object; agy ignores it on ${event}`);
      continue;
    }
    const answer = isPlainObject(result.output) ? result.output : undefined;
    if (!answer) continue;
    if (event === 'PreInvocation' || event === 'PostInvocation') {
      if (Array.isArray(answer.injectSteps)) steps.push(...answer.injectSteps);
      else if (answer.injectSteps !== undefined) notes.push(`${result.entry.displayName}: "injectSteps" is not an array; ignored`);
    }
    if (event === 'PostInvocation') {
      if (answer.terminationBehavior === 'terminate') terminate = true;
      else if (answer.terminationBehavior === 'force_continue') forceContinue = true;
      else if (answer.terminationBehavior !== undefined && answer.terminationBehavior !== '') {
        notes.push(`${result.entry.displayName}: terminationBehavior ${JSON.stringify(answer.terminationBehavior)} is neither "terminate" nor "force_continue"; ignored`);
      }
    }
    if (event === 'Stop' && answer.decision === 'continue') {
      keepGoing = true;
      if (typeof answer.reason === 'string' && answer.reason !== '') reasons.push(answer.reason);
    }
  }
  if (steps.length > 0) output.injectSteps = steps;
  if (terminate) output.terminationBehavior = 'terminate';
  else if (forceContinue) output.terminationBehavior = 'force_continue';
  if (keepGoing) {
    output.decision = 'continue';
    if (reasons.length > 0) output.reason = reasons.join('\n');
  }
  return { finalOutput: output, ...summary(results), ...(notes.length > 0 ? { notes } : {}) };
}

export function aggregateAgy(event: string, results: readonly HookResult[]): AggregateResult {
  return event === 'PreToolUse' ? aggregatePreTool(results) : aggregateOther(event, results);
}

/** docs/antigravity.md "Output and exit code": PreToolUse deny 2, ask/force_ask 3; Stop continue 2 (the stop is refused); PostInvocation terminate 4. */
export function outcomeAgy(event: string, output: JsonObject | undefined): Outcome {
  if (event === 'PreToolUse') {
    if (output?.decision === 'deny') return 'block';
    if (output?.decision === 'ask' || output?.decision === 'force_ask') return 'ask';
    return 'proceed';
  }
  if (event === 'Stop') return output?.decision === 'continue' ? 'block' : 'proceed';
  if (event === 'PostInvocation') return output?.terminationBehavior === 'terminate' ? 'stop' : 'proceed';
  return 'proceed';
}

/** `--fail-closed` in agy's terms: which handlers failed to answer, and the block each blocking event takes. */
export const agyFailClosed: FailClosedRules = {
  failure(_event: string, result: HookResult): string | undefined {
    const p = result.process;
    if (result.heldBack) return 'was held back: it is not trusted';
    if (result.error !== undefined) return result.error;
    if (p?.signal) return `was killed by ${p.signal}`;
    if (result.exitCode !== 0) return `exited with code ${result.exitCode}`;
    if (result.entry.event === 'PreToolUse') return preToolDecision(result).failedClosed;
    if (result.outputFormat === 'text') return 'printed text that is not a JSON object';
    return undefined;
  },
  block(event: string, output: JsonObject | undefined, reasons: readonly string[]): JsonObject | undefined {
    const reason = reasons.join('\n');
    const decision = event === 'PreToolUse' ? 'deny' : event === 'Stop' ? 'continue' : undefined;
    if (decision === undefined) return undefined;
    const earlier = output?.decision === decision && typeof output.reason === 'string' && output.reason !== '' ? [output.reason] : [];
    return { ...output, decision, reason: [...earlier, reason].filter((r) => r !== '').join('\n') };
  },
};
