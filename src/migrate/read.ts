// The reader's half every source shares: a hook file's `{ "<Event>": [...] }` object walked into neutral
// hooks, each finding at file:line:column. Entries are matcher groups `{matcher, hooks: [handler]}` (Gemini,
// Claude Code, Codex, Antigravity's tool events) or flat handlers carrying their own matcher (Cursor, Copilot,
// Antigravity's other events); the agent's adapter says which, and how one handler reads.
import { configError, HookrunError } from '../pipeline/errors.js';
import { isPlainObject, parseJsoncObject, type JsoncDocument, type JsonPath } from '../files/jsonc.js';
import type { JsonObject, Location } from '../pipeline/types.js';
import { type MatcherClassifier, readToolMatcher, readValuesMatcher, type MatcherReading } from './matchers.js';
import type { ModelBuilder, NeutralMatcher, Note } from './model.js';
import { type AgentEvent, type AgentName, readEvent, VOCABULARY } from './lookup.js';
import { foreignEventHint } from './cross-agent.js';
import { readInputFile } from '../files/read-input.js';

export type Doc = JsoncDocument & { value: JsonObject };

/** A hook file as the agent parses it (`comments`: JSONC); a read or parse failure is a clear error. */
export function openJson(file: string, comments: boolean, what = 'a hook file must be a JSON object.'): Doc {
  let text: string;
  try {
    text = readInputFile(file, 'utf8');
  } catch (error) {
    throw configError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    return parseJsoncObject(text, file, what, { comments });
  } catch (error) {
    if (error instanceof HookrunError) throw error;
    throw configError(`cannot parse ${file}: ${(error as Error).message}`);
  }
}

/** What one handler carries, or why it is not migrated. */
export interface HandlerReading {
  command?: string;
  /** Milliseconds. */
  timeoutMs?: number;
  timeoutIsDefault?: boolean;
  description?: string;
  /** Replaces the definition's matcher (Cursor, Copilot: the matcher sits on the handler). */
  matcher?: unknown;
  notes: Note[];
  skip?: { code: string; message: string };
}

export interface EventsReading {
  /** Path of the object whose keys are events. */
  root: JsonPath;
  /** Does this event's array hold matcher groups (true) or flat handlers (false)? */
  grouped: (event: AgentEvent) => boolean;
  handler: (raw: JsonObject, event: AgentEvent, at: (sub: JsonPath) => Location) => HandlerReading;
  /** Event keys the agent binds case-insensitively (Antigravity). */
  caseInsensitive?: boolean;
  /** How the agent tells an exact-name list from a regex, where its matchers are either (matchers.ts). */
  classify?: MatcherClassifier;
  /** Keys of the events object that are the agent's own settings, not events (Qwen's `enabled`): passed over. */
  settingKeys?: readonly string[];
}

/** Reads `<root>.<Event>` arrays into `out`. */
export function readEventsObject(doc: Doc, agent: AgentName, out: ModelBuilder, reading: EventsReading): void {
  const at = (p: JsonPath, key = false): Location => {
    const found = doc.locate(p, { key });
    return found.line > 0 || p.length === 0 ? found : at(p.slice(0, -1));
  };
  let events: unknown = doc.value;
  for (const step of reading.root) events = isPlainObject(events) ? events[step as string] : undefined;
  if (events === undefined) return;
  if (!isPlainObject(events)) {
    out.note({ severity: 'error', code: 'hooks-not-object', message: `"${reading.root.join('.')}" is not an object; nothing in it can be migrated` }, at(reading.root));
    return;
  }
  const label = VOCABULARY[agent].label;
  for (const [name, list] of Object.entries(events)) {
    if (reading.settingKeys?.includes(name)) continue;
    const path: JsonPath = [...reading.root, name];
    const spelled = reading.caseInsensitive ? VOCABULARY[agent].events.find((e) => e.name.toLowerCase() === name.toLowerCase())?.name : name;
    const event = spelled === undefined ? undefined : readEvent(agent, spelled);
    const count = Array.isArray(list) ? countHandlers(list, event ? reading.grouped(event) : true) : 0;
    if (!event) {
      out.counts.found += count;
      out.counts.skipped += count;
      out.note(
        { severity: 'error', code: 'unknown-event', message: `${name}: ${count} hook(s) not migrated: it is not a ${label} hook event${foreignEventHint(agent, name)}` },
        at(path, true),
      );
      continue;
    }
    if (!Array.isArray(list)) {
      out.note({ severity: 'error', code: 'event-not-array', message: `${path.join('.')} is not an array; skipped` }, at(path));
      continue;
    }
    list.forEach((entry: unknown, i) => {
      if (reading.grouped(event)) readGroup(entry, [...path, i], event, agent, out, reading, at);
      else readHandler(entry, undefined, [...path, i], event, agent, out, reading, at);
    });
  }
}

function countHandlers(list: unknown[], grouped: boolean): number {
  if (!grouped) return list.length;
  return list.reduce((n: number, g) => n + (isPlainObject(g) && Array.isArray(g.hooks) ? g.hooks.length : 0), 0);
}

type At = (p: JsonPath, key?: boolean) => Location;

function readGroup(group: unknown, path: JsonPath, event: AgentEvent, agent: AgentName, out: ModelBuilder, reading: EventsReading, at: At): void {
  if (!isPlainObject(group) || !Array.isArray(group.hooks)) {
    out.note({ severity: 'error', code: 'invalid-definition', message: 'not a matcher group with a "hooks" array; skipped' }, at(path));
    return;
  }
  group.hooks.forEach((handler: unknown, h) => readHandler(handler, group.matcher, [...path, 'hooks', h], event, agent, out, reading, at, [...path, 'matcher']));
}

function readHandler(
  raw: unknown,
  groupMatcher: unknown,
  path: JsonPath,
  event: AgentEvent,
  agent: AgentName,
  out: ModelBuilder,
  reading: EventsReading,
  at: At,
  matcherPath: JsonPath = [...path, 'matcher'],
): void {
  out.counts.found++;
  const where = at(path);
  const skip = (code: string, message: string) => {
    out.counts.skipped++;
    out.note({ severity: 'error', code, message }, where);
  };
  if (!isPlainObject(raw)) return skip('invalid-hook-entry', 'not a hook object; not migrated');
  const handler = reading.handler(raw, event, (sub) => at([...path, ...sub]));
  for (const n of handler.notes) out.note(n, where);
  if (handler.skip) return skip(handler.skip.code, handler.skip.message);
  if (handler.command === undefined || handler.command.trim() === '') return skip('missing-command', 'no command; not migrated');
  const rawMatcher = handler.matcher !== undefined ? handler.matcher : groupMatcher;
  const matcher = readMatcher(agent, event, rawMatcher, reading.classify);
  const matcherAt = at(handler.matcher !== undefined ? [...path, 'matcher'] : matcherPath);
  for (const n of matcher.notes) out.note(n, matcherAt);
  if (!matcher.ok) return skip(matcher.code, `${matcher.reason}; not migrated`);
  out.add({
    event: event.event,
    sourceEvent: event.name,
    matcher: matcher.matcher,
    command: handler.command,
    ...(handler.timeoutMs !== undefined ? { timeoutMs: handler.timeoutMs } : {}),
    ...(handler.timeoutIsDefault ? { timeoutIsDefault: true } : {}),
    ...(handler.description !== undefined ? { description: handler.description } : {}),
    location: where,
  });
}

/** The event's matcher, read by what the event compares it with. */
export function readMatcher(agent: AgentName, event: AgentEvent, raw: unknown, classify?: MatcherClassifier): MatcherReading {
  const implied: NeutralMatcher | undefined = event.tools
    ? { kind: 'tools', tools: [...event.tools], mcp: [] }
    : event.mcpOnly
      ? { kind: 'tools', tools: [], mcp: [{ pattern: '.*' }] }
      : undefined;
  if (raw !== undefined && raw !== null && typeof raw !== 'string') return { ok: false, code: 'invalid-matcher', reason: 'matcher is not a string', notes: [] };
  const text = typeof raw === 'string' && raw.trim() !== '' && raw.trim() !== '*' ? raw : undefined;
  if (text === undefined) return { ok: true, matcher: implied ?? { kind: 'all' }, notes: [] };
  if (event.matcher === 'tool') return readToolMatcher(agent, text, classify);
  if (event.matcher === 'values') return readValuesMatcher(agent, event, text, classify);
  if (event.matcher === 'ignored') {
    return {
      ok: true,
      matcher: implied ?? { kind: 'all' },
      notes: [{ severity: 'info', code: 'matcher-dropped', message: `${VOCABULARY[agent].label} ignores matchers on ${event.name}; "${text}" is dropped` }],
    };
  }
  // Compared with something no other agent matches on (a command string, a file path, an agent type): carrying
  // the hook without it would run it far more often, so it is not carried.
  return {
    ok: false,
    code: 'matcher-not-carried',
    reason: `the matcher "${text}" on ${event.name} is compared with ${event.field ?? 'a value other agents do not match on'}, which no other agent's matcher reads`,
    notes: [],
  };
}

/** A timeout in `unit` → milliseconds, or a note when it is not a positive number. */
export function timeoutMs(value: unknown, unit: 'ms' | 's', field: string, defaultMs: number | undefined): { ms?: number; isDefault?: boolean; note?: Note } {
  if (value === undefined) return defaultMs === undefined ? {} : { ms: defaultMs, isDefault: true };
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return { ms: Math.round(unit === 's' ? value * 1000 : value) };
  return {
    ...(defaultMs === undefined ? {} : { ms: defaultMs, isDefault: true }),
    note: {
      severity: 'warning',
      code: 'invalid-timeout',
      message: `${field} ${JSON.stringify(value)} is not a positive number of ${unit === 's' ? 'seconds' : 'milliseconds'}; the default applies`,
    },
  };
}
