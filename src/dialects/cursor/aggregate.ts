// Cursor's answers and their merge (docs/sources.md §X2.5, §X2.6; docs/cursor.md "Answers, merge and exit codes"), pure:
// (event, results) → the output Cursor acts on, in its own shape.
// Permission hooks: exit 2 denies; on exit 0 JSON that is not {permission: allow|deny|ask, ...} denies;
// a failure (crash, timeout, other exit) fails open unless the entry has `failClosed: true`. Across every
// hook and source deny beats ask beats allow; the messages come from the highest-priority hook that
// gave the winning answer. stop / subagentStop: each hook's follow-up counts while the payload's
// `loop_count` is below that hook's `loop_limit` (default 5, null = no cap).
import type { AggregateResult, HookResult, JsonObject, Outcome } from '../../pipeline/types.js';
import type { FailClosedRules } from '../dialect.js';
import { isPlainObject } from '../../files/jsonc.js';
import { cursorEvent, DEFAULT_LOOP_LIMIT } from './events.js';

const PERMISSIONS = ['deny', 'ask', 'allow'] as const;
export type Permission = (typeof PERMISSIONS)[number];

const isPermission = (value: unknown): value is Permission => typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function summary(results: readonly HookResult[]): Pick<AggregateResult, 'success' | 'errors' | 'totalDurationMs'> {
  return {
    success: results.every((r) => r.success),
    errors: results.flatMap((r) => (r.error !== undefined ? [`${r.entry.displayName}: ${r.error}`] : [])),
    totalDurationMs: results.reduce((sum, r) => sum + r.durationMs, 0),
  };
}

const jsonOf = (result: HookResult): JsonObject | undefined => (result.outputFormat === 'json' && isPlainObject(result.output) ? result.output : undefined);
const stderrOf = (result: HookResult): string | undefined => textOf(result.process?.stderr.trim());
const failsClosed = (result: HookResult): boolean => result.entry.config.failClosed === true;

interface Vote {
  permission: Permission;
  user_message?: string;
  agent_message?: string;
}

/** One permission hook's answer; undefined when it gave none (fail-open). */
function permissionVote(result: HookResult, notes: string[]): Vote | undefined {
  const name = result.entry.displayName;
  if (result.error !== undefined) {
    if (!failsClosed(result)) return undefined;
    const why = `hook "${name}" ${result.error}, and its entry has failClosed: true`;
    notes.push(`${why}: Cursor blocks the action`);
    return { permission: 'deny', agent_message: why };
  }
  const json = jsonOf(result);
  const messages = (source: JsonObject | undefined, fallback?: string): Omit<Vote, 'permission'> => {
    const user = textOf(source?.user_message) ?? fallback;
    const agent = textOf(source?.agent_message) ?? fallback;
    return { ...(user ? { user_message: user } : {}), ...(agent ? { agent_message: agent } : {}) };
  };
  if (result.exitCode === 2) return { permission: 'deny', ...messages(json, stderrOf(result)) };
  if (result.output === undefined) return undefined;
  if (!json) {
    notes.push(`hook "${name}" printed text that is not a JSON object on ${result.entry.event}: Cursor blocks the action on invalid output`);
    return { permission: 'deny' };
  }
  const problem =
    json.permission !== undefined && !isPermission(json.permission)
      ? `"permission" is ${JSON.stringify(json.permission)} (Cursor knows allow, deny, ask)`
      : (['user_message', 'agent_message'] as const).filter((k) => json[k] !== undefined && typeof json[k] !== 'string').map((k) => `"${k}" is not a string`)[0];
  if (problem !== undefined) {
    notes.push(`hook "${name}": ${problem}: Cursor blocks the action on output that does not fit its schema`);
    return { permission: 'deny' };
  }
  if (!isPermission(json.permission)) return undefined;
  return { permission: json.permission, ...messages(json) };
}

function aggregatePermission(results: readonly HookResult[]): AggregateResult {
  const notes: string[] = [];
  const votes = results.map((r) => permissionVote(r, notes)).filter((v): v is Vote => v !== undefined);
  const output: JsonObject = {};
  const winner = PERMISSIONS.find((p) => votes.some((v) => v.permission === p));
  if (winner) {
    const winners = votes.filter((v) => v.permission === winner);
    output.permission = winner;
    const user = winners.map((v) => v.user_message).find((m) => m !== undefined);
    const agent = winners.map((v) => v.agent_message).find((m) => m !== undefined);
    if (user !== undefined) output.user_message = user;
    if (agent !== undefined) output.agent_message = agent;
  }
  return { finalOutput: output, ...summary(results), ...(notes.length > 0 ? { notes } : {}) };
}

function aggregatePrompt(results: readonly HookResult[]): AggregateResult {
  const notes: string[] = [];
  let blocked = false;
  let message: string | undefined;
  for (const result of results) {
    const json = jsonOf(result);
    let blocks = false;
    let said: string | undefined;
    if (result.error !== undefined) {
      if (!failsClosed(result)) continue;
      blocks = true;
      said = `hook "${result.entry.displayName}" ${result.error}, and its entry has failClosed: true`;
      notes.push(`${said}: Cursor does not submit the prompt`);
    } else if (result.exitCode === 2) {
      blocks = true;
      said = textOf(json?.user_message) ?? stderrOf(result);
    } else if (json?.continue === false) {
      blocks = true;
      said = textOf(json.user_message);
    }
    if (!blocks) continue;
    blocked = true;
    message ??= said;
  }
  const output: JsonObject = blocked ? { continue: false, ...(message !== undefined ? { user_message: message } : {}) } : {};
  return { finalOutput: output, ...summary(results), ...(notes.length > 0 ? { notes } : {}) };
}

/** The follow-up cap of one hook's entry: a number of follow-ups, or null for none. */
function loopLimitOf(result: HookResult): number | null {
  const limit = result.entry.config.loopLimit;
  return limit === null ? null : typeof limit === 'number' ? limit : DEFAULT_LOOP_LIMIT;
}

function aggregateFollowup(event: string, results: readonly HookResult[]): AggregateResult {
  const notes: string[] = [];
  const followups: string[] = [];
  for (const result of results) {
    const json = jsonOf(result);
    if (!json) continue;
    if (json.permission !== undefined) notes.push(`hook "${result.entry.displayName}": ${event} ignores "permission"; only a followup_message keeps the agent going`);
    const message = textOf(json.followup_message);
    if (message === undefined) continue;
    const count = typeof result.input.loop_count === 'number' ? result.input.loop_count : 0;
    const limit = loopLimitOf(result);
    if (limit !== null && count >= limit) {
      notes.push(`hook "${result.entry.displayName}": loop_count ${count} has reached its loop_limit ${limit}, so Cursor sends no further follow-up`);
      continue;
    }
    followups.push(message);
  }
  const output: JsonObject = followups.length > 0 ? { followup_message: followups.join('\n\n') } : {};
  return { finalOutput: output, ...summary(results), ...(notes.length > 0 ? { notes } : {}) };
}

function aggregateContext(results: readonly HookResult[]): AggregateResult {
  const contexts: string[] = [];
  const env: Record<string, string> = {};
  for (const result of results) {
    const json = jsonOf(result);
    if (!json) continue;
    const context = textOf(json.additional_context);
    if (context !== undefined) contexts.push(context);
    if (isPlainObject(json.env)) {
      // The higher-priority source wins a conflict (results come in priority order).
      for (const [key, value] of Object.entries(json.env)) if (typeof value === 'string' && !Object.hasOwn(env, key)) env[key] = value;
    }
  }
  const output: JsonObject = {};
  if (contexts.length > 0) output.additional_context = contexts.join('\n\n');
  if (Object.keys(env).length > 0) output.env = env;
  return { finalOutput: output, ...summary(results) };
}

function aggregateObserve(event: string, results: readonly HookResult[]): AggregateResult {
  const notes = results
    .filter((r) => r.exitCode === 2 || jsonOf(r)?.permission !== undefined || jsonOf(r)?.continue === false)
    .map((r) => `hook "${r.entry.displayName}" tried to block ${event}, which Cursor only observes: ignored`);
  return { finalOutput: {}, ...summary(results), ...(notes.length > 0 ? { notes } : {}) };
}

export function aggregateCursor(event: string, results: readonly HookResult[]): AggregateResult {
  switch (cursorEvent(event)?.kind) {
    case 'permission':
      return aggregatePermission(results);
    case 'prompt':
      return aggregatePrompt(results);
    case 'followup':
      return aggregateFollowup(event, results);
    case 'context':
      return aggregateContext(results);
    default:
      return aggregateObserve(event, results);
  }
}

/** Cursor reads the context hooks add from the top-level `additional_context` (sessionStart, postToolUse). */
export function addedContextCursor(_event: string, output: JsonObject): unknown {
  return output.additional_context;
}

/** docs/cursor.md "Answers, merge and exit codes": permission deny 2, ask 3; beforeSubmitPrompt continue:false 2; a follow-up 2; Cursor never stops (4). */
export function outcomeCursor(event: string, output: JsonObject | undefined): Outcome {
  const kind = cursorEvent(event)?.kind;
  if (kind === 'permission') return output?.permission === 'deny' ? 'block' : output?.permission === 'ask' ? 'ask' : 'proceed';
  if (kind === 'prompt') return output?.continue === false ? 'block' : 'proceed';
  if (kind === 'followup') return textOf(output?.followup_message) !== undefined ? 'block' : 'proceed';
  return 'proceed';
}

/** `--fail-closed` in Cursor's terms: a hook that crashed, timed out or exited other than 0 or 2 failed (as `failClosed: true` counts it). */
export const cursorFailClosed: FailClosedRules = {
  failure(_event: string, result: HookResult): string | undefined {
    return result.error;
  },
  block(event: string, output: JsonObject | undefined, reasons: readonly string[]): JsonObject | undefined {
    const kind = cursorEvent(event)?.kind;
    const text = reasons.join('\n');
    if (kind === 'permission') {
      const earlier = output?.permission === 'deny' ? output : undefined;
      const join = (key: string) => [textOf(earlier?.[key]), text].filter((t) => t !== undefined).join('\n');
      return { ...output, permission: 'deny', user_message: join('user_message'), agent_message: join('agent_message') };
    }
    if (kind === 'prompt') return { ...output, continue: false, user_message: text };
    return undefined;
  },
};
