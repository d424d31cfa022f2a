// The writer's half every target shares: each neutral hook onto the target's event, matcher syntax, command
// form and timeout unit, with a note for what cannot be carried; then, once per event that received hooks,
// what a hook script must change to keep deciding the same way (exit codes, output JSON, payload).
import type { JsonObject } from '../pipeline/types.js';
import { convertCommand } from './command.js';
import type { EventEntry } from './write.js';
import { writeToolMatcher, writeValuesMatcher } from './matchers.js';
import type { NeutralHook, NeutralModel, Notes } from './model.js';
import { type AgentEvent, type AgentName, type CanonicalEvent, NEAR_MISSES, VOCABULARY, writeEvent } from './lookup.js';

/** One hook as the target writes it: its event, one matcher per definition, the command and the timeout in the target's unit. */
export interface TargetHook {
  event: AgentEvent;
  matchers: (string | undefined)[];
  command: string;
  /** In the target's unit; undefined: the target's default. */
  timeout?: number;
  description?: string;
  source: NeutralHook;
}

/** The neutral hooks onto `to`; hooks that cannot be carried are reported (errors) and counted out. */
export function translateHooks(model: NeutralModel, to: AgentName, notes: Notes): TargetHook[] {
  const vocab = VOCABULARY[to];
  const out: TargetHook[] = [];
  for (const hook of model.hooks) {
    const where = hook.location;
    const event = writeEvent(to, hook.event);
    if (!event) {
      const near = NEAR_MISSES[hook.event]?.[to];
      const why = near ? near.why : `${vocab.label} has no ${hook.event} event`;
      notes.note({ severity: 'error', code: `no-${to}-event`, message: `${hook.sourceEvent}: hook "${hook.command}" not migrated: ${why}` }, where);
      continue;
    }
    const sourceEntry = VOCABULARY[model.from].events.find((e) => e.name === hook.sourceEvent && e.event === hook.event);
    const note = event.note ?? (sourceEntry?.readOnly ? sourceEntry.note : undefined);
    if (note && model.from !== to)
      notes.once(`event:${hook.sourceEvent}`, { severity: 'warning', code: 'event-differs', message: `${hook.sourceEvent} → ${event.name}: ${note}` }, where);
    const matchers = targetMatchers(hook, event, to, notes);
    if (!matchers) continue;
    const command = convertCommand(hook.command, model.from, to);
    for (const n of command.notes) notes.note(n, where);
    out.push({ event, matchers, command: command.command, timeout: targetTimeout(hook, model.from, to, notes), description: hook.description, source: hook });
  }
  return out;
}

function targetMatchers(hook: NeutralHook, event: AgentEvent, to: AgentName, notes: Notes): (string | undefined)[] | undefined {
  const vocab = VOCABULARY[to];
  const where = hook.location;
  if (hook.matcher.kind === 'all') return [undefined];
  if (hook.matcher.kind === 'values' && event.matcher === 'ignored' && event.values) {
    // The target ignores the matcher but sends only some values (Gemini's Notification: tool permission prompts).
    const sent = hook.matcher.values.filter((v) => event.values![v]);
    if (sent.length === 0) {
      notes.note(
        {
          severity: 'error',
          code: 'matcher-never-fires',
          message: `the matcher selects ${hook.matcher.values.join(', ')}, which ${vocab.label} never sends on ${event.name}; hook "${hook.command}" not migrated`,
        },
        where,
      );
      return undefined;
    }
    notes.note(
      {
        severity: 'warning',
        code: 'matcher-dropped',
        message: `${vocab.label} ignores matchers on ${event.name} and sends only ${Object.entries(event.values)
          .filter(([, v]) => v)
          .map(([k]) => k)
          .join(', ')} there; the matcher is dropped`,
      },
      where,
    );
    return [undefined];
  }
  if (event.matcher === 'ignored' || event.matcher === 'other') {
    const what = hook.matcher.kind === 'tools' ? 'tool' : 'value';
    notes.note(
      {
        severity: 'warning',
        code: 'matcher-dropped',
        message: `${vocab.label} ${event.matcher === 'ignored' ? 'ignores matchers on' : `compares ${event.field} with matchers on`} ${event.name}: the matcher cannot be carried, so the hook now runs for every ${what}`,
      },
      where,
    );
    return [undefined];
  }
  const conversion = hook.matcher.kind === 'values' ? writeValuesMatcher(to, event, hook.matcher) : writeToolMatcher(to, hook.matcher);
  for (const n of conversion.notes) notes.note(n, where);
  if (!conversion.ok) {
    notes.note({ severity: 'error', code: conversion.code, message: `${conversion.reason}; hook "${hook.command}" not migrated` }, where);
    return undefined;
  }
  return conversion.matchers;
}

/** Milliseconds → the target's unit. Seconds are whole: rounded up, never to 0. */
function targetTimeout(hook: NeutralHook, from: AgentName, to: AgentName, notes: Notes): number | undefined {
  const unit = VOCABULARY[to].timeout;
  const ms = hook.timeoutMs;
  if (ms === undefined) return undefined;
  const targetDefaultMs = unit.unit === 'ms' ? unit.default : unit.default * 1000;
  // The source's default, not written by the user, equal to the target's: leave it to the target.
  if (hook.timeoutIsDefault && ms === targetDefaultMs && from !== to) return undefined;
  if (unit.unit === 'ms') return ms;
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds * 1000 !== ms) {
    notes.note({ severity: 'info', code: 'timeout-rounded', message: `timeout ${ms} ms written as ${seconds} s (${VOCABULARY[to].label} counts whole seconds)` }, hook.location);
  }
  return seconds;
}

/** A command handler as most targets write it: `{type: "command", command, timeout}` (timeout when not the target's default). */
export function commandHandler(hook: TargetHook): JsonObject {
  return { type: 'command', command: hook.command, ...(hook.timeout !== undefined ? { timeout: hook.timeout } : {}) };
}

const deciding = (events: Iterable<CanonicalEvent>) => [...events].filter((e) => ['pre-tool', 'prompt-submit', 'stop', 'subagent-stop', 'permission-request'].includes(e));

/**
 * What changes for a hook script moved from `from` to `to`, once per concern: how a deny is printed, what
 * exit code 2 does, whether `ask` exists, what plain stdout becomes, and the event JSON it reads.
 */
export function protocolNotes(from: AgentName, to: AgentName, hooks: readonly TargetHook[], notes: Notes): void {
  if (from === to || hooks.length === 0) return;
  const a = VOCABULARY[from];
  const b = VOCABULARY[to];
  const events = new Set(hooks.map((h) => h.event.event));
  const name = (e: CanonicalEvent) => hooks.find((h) => h.event.event === e)!.event.name;
  if (events.has('pre-tool') && a.protocol.deny !== b.protocol.deny) {
    notes.note({
      severity: 'warning',
      code: 'decision-output',
      message: `${name('pre-tool')}: ${b.label} reads a deny as ${b.protocol.deny}; a hook that denies with ${a.protocol.deny} must print the new form`,
    });
  }
  const lost = deciding(events).filter((e) => a.protocol.exit2Blocks.includes(e) && !b.protocol.exit2Blocks.includes(e));
  if (lost.length > 0) {
    const how = b.protocol.exit2Blocks.length === 0 ? `${b.label} reads no exit code at all` : `${b.label} does not block on exit code 2 there`;
    notes.note({
      severity: 'warning',
      code: 'exit-code-decisions',
      message: `${lost.map(name).join(', ')}: in ${a.label} exit code 2 (reason on stderr) blocks; ${how}: a hook must print its decision as JSON on stdout instead${b.protocol.jsonDecisions ? ` (${b.protocol.jsonDecisions})` : ''}`,
    });
  }
  const gained = deciding(events).filter((e) => !a.protocol.exit2Blocks.includes(e) && b.protocol.exit2Blocks.includes(e));
  if (gained.length > 0) {
    notes.note({
      severity: 'warning',
      code: 'exit-code-semantics',
      message: `${gained.map(name).join(', ')}: in ${b.label} exit code 2 blocks; in ${a.label} it did not, so a script that exits 2 for another reason now blocks`,
    });
  }
  if (b.protocol.silenceDenies && events.has('pre-tool')) {
    notes.note({
      severity: 'warning',
      code: 'silence-denies',
      message: `${name('pre-tool')}: ${b.label} denies the tool call when a hook prints nothing or no decision: a hook that lets the call through must print {"decision":"allow"}`,
    });
  }
  if (events.has('pre-tool') && a.protocol.ask && !b.protocol.ask) {
    notes.note({
      severity: 'warning',
      code: 'ask-not-carried',
      message: `${name('pre-tool')}: ${b.label} has no "ask": it rejects permissionDecision "ask" as invalid output and runs the call; a hook that asks must allow or deny instead`,
    });
  }
  const context = [...events].filter((e) => a.protocol.plainContext.includes(e) && !b.protocol.plainContext.includes(e));
  if (context.length > 0) {
    notes.note({
      severity: 'warning',
      code: 'plain-stdout-context',
      message: `${context.map(name).join(', ')}: plain text on stdout was context for the model in ${a.label}; ${b.label} does not read it as context`,
    });
  }
  if (a.protocol.payload !== b.protocol.payload || a.protocol.toolField !== b.protocol.toolField || a.protocol.eventNameField !== b.protocol.eventNameField) {
    notes.note({
      severity: 'info',
      code: 'payload-differs',
      message:
        `hooks now receive ${b.label}'s event JSON (${b.protocol.payload}, the tool name in ${b.protocol.toolField}${b.protocol.eventNameField ? '' : ', no event name'}); ` +
        `scripts that read ${a.protocol.toolField}${a.protocol.eventNameField ? ' or hook_event_name' : ''} must change`,
    });
  }
  if (events.has('pre-tool') || events.has('post-tool')) {
    notes.note({
      severity: 'info',
      code: 'tool-names-differ',
      message: `tool names differ: a script that tests the tool name sees ${b.label}'s names (${Object.keys(b.tools)
        .filter((t) => !(b.toolAliases ?? []).includes(t))
        .slice(0, 3)
        .join(', ')}, ...)`,
    });
  }
}

/**
 * The hooks as `{ "<Event>": [{ matcher?, hooks: [handler] }] }` (Gemini, Claude Code, Codex, Antigravity's
 * tool events), or flat handler lists with the matcher on each handler (Cursor, Copilot, Antigravity's other
 * events); a hook already added under the same event, matcher and command is added once.
 */
export function byEvent(
  hooks: readonly TargetHook[],
  handler: (hook: TargetHook) => JsonObject,
  shape: (hook: TargetHook) => 'grouped' | 'flat' = () => 'grouped',
): Record<string, EventEntry[]> {
  const out: Record<string, EventEntry[]> = {};
  const seen = new Set<string>();
  for (const hook of hooks) {
    for (const matcher of hook.matchers) {
      const key = JSON.stringify([hook.event.name, matcher ?? '', hook.command]);
      if (seen.has(key)) continue;
      seen.add(key);
      const list = (out[hook.event.name] ??= []);
      if (shape(hook) === 'flat') {
        list.push(matcher === undefined ? handler(hook) : { ...handler(hook), matcher });
        continue;
      }
      // Consecutive hooks with the same matcher share one group.
      const last = list[list.length - 1] as { matcher?: string; hooks: JsonObject[] } | undefined;
      if (last && last.matcher === matcher && Array.isArray(last.hooks)) last.hooks.push(handler(hook));
      else list.push(matcher === undefined ? { hooks: [handler(hook)] } : { matcher, hooks: [handler(hook)] });
    }
  }
  return out;
}
