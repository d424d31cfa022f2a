// The mechanism of the one cross-agent vocabulary, naming no agent: a canonical set of hook moments and
// tools, the shape of an agent's row (its name(s) for every moment, what its matcher is compared with, its
// tool names, its timeout unit, how a hook answers) and the builder a row is written with. Each agent's row
// is src/dialects/<name>/vocabulary.ts; the registry joins them (src/dialects/vocabularies.ts) and lookup.ts
// reads them. migrate reads and writes through it; the "did you mean" hints of run and validate, and
// validate's cross-agent traps (cross-agent.ts), read it too. Facts: docs/sources.md §G1, §G4, §G8
// (Gemini CLI), §A and §B (Kiro CLI, Claude Code), §K (Antigravity CLI, Kiro CLI 3), §X (Codex CLI, Cursor,
// Copilot CLI), and gemini-cli's docs/resources/migrating-to-antigravity-cli.md (the Gemini → Antigravity
// event and tool tables).
// Choices where sources are silent are in docs/migrate.md ("The vocabulary").

import { type AgentName, isAgentName, MIGRATION_AGENTS } from './agents.js';

export { type AgentName, isAgentName, MIGRATION_AGENTS };

/** The moments hooks attach to, agent-neutral. */
export const CANONICAL_EVENTS = [
  'session-start',
  'session-end',
  'prompt-submit',
  'pre-tool',
  'permission-request',
  'post-tool',
  'post-tool-failure',
  'stop',
  'subagent-start',
  'subagent-stop',
  'pre-compact',
  'post-compact',
  'notification',
  'pre-model',
  'post-model',
  'tool-selection',
  'pre-task',
  'post-task',
  'file-create',
  'file-save',
  'file-delete',
  'manual',
  'agent-response',
  'agent-thought',
  'error',
  'setup',
  'interrupt',
] as const;
export type CanonicalEvent = (typeof CANONICAL_EVENTS)[number];

/**
 * What an event's matcher is compared with: a tool name, one of a few lifecycle values (session source,
 * end reason, compaction trigger), something with no cross-agent counterpart (a shell command string, a
 * file path, an agent type, a notification type), or nothing (the matcher is ignored).
 */
export type MatcherKind = 'tool' | 'values' | 'other' | 'ignored';

export interface AgentEvent {
  /** The agent's spelling. */
  name: string;
  event: CanonicalEvent;
  matcher: MatcherKind;
  /** For `values`: canonical value → the agent's value (null: the agent never reports it). */
  values?: Readonly<Record<string, string | null>>;
  /** What `other` compares (for the report). */
  field?: string;
  /** The event fires for these canonical tools only (Cursor's beforeShellExecution: shell). */
  tools?: readonly string[];
  /** The event fires for MCP tools only (Cursor's before/afterMCPExecution). */
  mcpOnly?: boolean;
  /**
   * Not this name's primary moment, nor the first choice for writing the moment: an alias (the Copilot
   * PascalCase forms, Kiro's camelCase triggers), or an approximation written only when there is nothing
   * better (Gemini's AfterAgent for a subagent stop).
   */
  readOnly?: boolean;
  /** How this event differs from the canonical moment, said when a hook is carried onto or off it. */
  note?: string;
  /** Antigravity: the event's array holds matcher groups (tool events) rather than flat handlers. */
  grouped?: boolean;
}

/** How an agent's tool matcher is read: the text decides, not the event. */
export type ToolMatcherSyntax =
  | 'regex-or-exact' // unanchored regex over tool names, an exact string when it is not a valid regex (Gemini CLI)
  | 'names-or-regex' // `[A-Za-z0-9_|]` only: exact names / `|` list; else an unanchored regex (Claude Code, Codex)
  | 'full-regex' // a regex that must match the whole name (Antigravity, Copilot)
  | 'search-regex' // a JavaScript regex tested unanchored (Cursor, Kiro CLI 3)
  | 'kiro-glob'; // exact names, aliases, `*`/`?` globs, `@server[/tool]`, `@builtin` (Kiro agent files)

export interface AgentProtocol {
  /** Canonical events on which exit code 2 (with the reason on stderr) blocks. */
  exit2Blocks: readonly CanonicalEvent[];
  /** How a pre-tool hook denies in JSON on stdout. */
  deny: string;
  /** A pre-tool hook can ask the user (JSON). */
  ask: boolean;
  /** Where the tool name is in the event JSON. */
  toolField: string;
  /** The event JSON's key style. */
  payload: 'snake_case' | 'camelCase';
  /** The event JSON names the event in `hook_event_name`. */
  eventNameField: boolean;
  /** A pre-tool hook that prints nothing (or no decision) denies the call (Antigravity fails closed). */
  silenceDenies?: boolean;
  /** Events on which plain stdout (exit 0) becomes context for the model. */
  plainContext: readonly CanonicalEvent[];
  /** How a hook decides in JSON instead, said when a hook's exit-code decisions would be lost (Antigravity). */
  jsonDecisions?: string;
}

export interface AgentVocabulary {
  name: AgentName;
  label: string;
  events: readonly AgentEvent[];
  toolMatcher: ToolMatcherSyntax;
  /** The agent's tool name → the canonical tool(s) it stands for ([]: no counterpart anywhere). */
  tools: Readonly<Record<string, readonly string[]>>;
  /** Names read but never written (aliases; a second name for the same tool). */
  toolAliases?: readonly string[];
  /** How the agent names an MCP server's tool. */
  mcp?: { name: (server: string, tool: string) => string; parse: RegExp; separator: string; prefix: string };
  timeout: { unit: 'ms' | 's'; field: string; default: number; note?: string };
  /** Variables the agent sets for a hook (or substitutes in its command). */
  variables: readonly string[];
  /**
   * How a hook command reaches the project directory: the variable (`textual`: replaced in the command text
   * before the shell runs, in its `braced` or bare form; else an environment variable), another agent's
   * variable it also sets (`alias`), or else the working directory the agent starts a hook in, and why
   * (`cwdWhy`, said when migrate writes the directory that way).
   */
  projectDir: { variable?: string; braced?: boolean; textual?: boolean; alias?: string; cwd: 'project' | 'hooks-file' | 'session'; cwdWhy?: string };
  protocol: AgentProtocol;
  /** A hint names this agent's read-only spelling of a moment before the one migrate writes (Kiro: CLI 2.x's engine is still the default one). */
  hintReadOnlyFirst?: boolean;
  /** What migrate calls the file it prints for this agent (default "hooks"). */
  fileKind?: string;
  /**
   * Moments this agent has no true counterpart for, but an event of its fires at about the same time: that
   * event, and why it is not the same (said; a hook is never mapped onto it). See lookup.ts's NEAR_MISSES.
   */
  nearMisses?: Readonly<Partial<Record<CanonicalEvent, { name: string; why: string }>>>;
  /**
   * A handler field that filters a tool call by a permission rule (`Bash(rm:*)`), and since which version:
   * where a matcher written as such a rule never matches, the fix moves the rule there.
   */
  ruleFilter?: { field: string; since: string };
  /**
   * The dialect's own events with no row above, each with why it has no cross-agent counterpart (the dialect's
   * event list and this row agree: test/migrate/vocabulary-events.test.ts).
   */
  unmapped?: Readonly<Record<string, string>>;
}

export const SESSION_START_VALUES = ['startup', 'resume', 'clear', 'compact', 'fork'] as const;
export const SESSION_END_VALUES = ['clear', 'prompt_input_exit', 'other', 'logout', 'resume', 'bypass_permissions_disabled'] as const;
export const COMPACT_VALUES = ['manual', 'auto'] as const;
export const NOTIFICATION_VALUES = ['permission_prompt', 'idle_prompt', 'auth_success', 'elicitation_dialog'] as const;

/** The canonical lifecycle values (Claude Code's, the richest set) each `values` event can select. */
export const CANONICAL_VALUES: Readonly<Partial<Record<CanonicalEvent, readonly string[]>>> = {
  'session-start': SESSION_START_VALUES,
  'session-end': SESSION_END_VALUES,
  'pre-compact': COMPACT_VALUES,
  'post-compact': COMPACT_VALUES,
  notification: NOTIFICATION_VALUES,
};

/** The field a `values` matcher reads, per canonical event (for messages). */
export const VALUE_FIELDS: Readonly<Partial<Record<CanonicalEvent, string>>> = {
  'session-start': 'source',
  'session-end': 'reason',
  'pre-compact': 'trigger',
  'post-compact': 'trigger',
  notification: 'notification_type',
};

export const same = (values: readonly string[]): Record<string, string> => Object.fromEntries(values.map((v) => [v, v]));

/** One row of an agent's events: its name, the canonical moment, the matcher kind (default `ignored`), the rest. */
export type EventRow = readonly [name: string, event: CanonicalEvent, matcher?: MatcherKind, more?: Omit<AgentEvent, 'name' | 'event' | 'matcher'>];

/** An agent as the table below writes it: rows for events, one canonical tool or a list per tool name, only the protocol's differences. */
export interface AgentSpec extends Omit<AgentVocabulary, 'name' | 'events' | 'tools' | 'variables' | 'protocol'> {
  events: readonly EventRow[];
  tools: Readonly<Record<string, string | readonly string[]>>;
  variables?: readonly string[];
  protocol: Pick<AgentProtocol, 'exit2Blocks' | 'deny'> & Partial<AgentProtocol>;
}

/** What most agents answer: Claude Code's snake_case payload naming its event, a tool_name, an "ask" decision, no plain-text context. */
const PROTOCOL_DEFAULTS = { ask: true, toolField: 'tool_name', payload: 'snake_case', eventNameField: true, plainContext: [] } as const;

export function vocabulary(name: AgentName, spec: AgentSpec): AgentVocabulary {
  const { exit2Blocks, deny, ...protocol } = spec.protocol;
  return {
    name,
    ...spec,
    events: spec.events.map(([event, moment, matcher = 'ignored', more]) => ({ name: event, event: moment, matcher, ...more })),
    tools: Object.fromEntries(Object.entries(spec.tools).map(([tool, canonical]) => [tool, typeof canonical === 'string' ? [canonical] : canonical])),
    variables: spec.variables ?? [],
    protocol: { exit2Blocks, deny, ...PROTOCOL_DEFAULTS, ...protocol },
  };
}

export const DECISION_DENY = '{"decision":"deny","reason":"..."}';
export const HOOK_SPECIFIC_DENY = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"..."}}';
export const DOUBLE_UNDERSCORE_MCP: AgentVocabulary['mcp'] = { name: (s, t) => `mcp__${s}__${t}`, parse: /^mcp__(.+?)__(.+)$/, separator: '__', prefix: 'mcp__' };
