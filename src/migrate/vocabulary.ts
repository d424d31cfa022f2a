// The one cross-agent vocabulary: a canonical set of hook moments and tools, and for each agent its name(s)
// for every moment, what its matcher is compared with, its tool names, its timeout unit and how a hook
// answers. migrate reads and writes through it; the "did you mean" hints of run and validate, and validate's
// cross-agent traps (cross-agent.ts), read it too. Facts: docs/sources.md §G1, §G4, §G8
// (Gemini CLI), §A and §B (Kiro CLI, Claude Code), §K (Antigravity CLI, Kiro CLI 3), §X (Codex CLI, Cursor,
// Copilot CLI), and gemini-cli's docs/resources/migrating-to-antigravity-cli.md (the Gemini → Antigravity
// event and tool tables).
// Choices where sources are silent are in docs/migrate.md ("The vocabulary").

import { type AgentName, isAgentName, MIGRATION_AGENTS } from './agents.js';
import { TIMEOUT_UNITS } from './loader-hints.js';
import { DROID_VOCABULARY } from '../dialects/droid/vocabulary.js';
import { AUGGIE_VOCABULARY } from '../dialects/auggie/vocabulary.js';
import { QWEN_VOCABULARY } from '../dialects/qwen/vocabulary.js';
import { VSCODE_VOCABULARY } from '../dialects/vscode/vocabulary.js';

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
  | 'gemini' // unanchored regex over Gemini tool names (exact string when it is not a valid regex)
  | 'claude' // `[A-Za-z0-9_|]` only: exact names / `|` list; else an unanchored regex (Claude Code, Codex)
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
}

const SESSION_START_VALUES = ['startup', 'resume', 'clear', 'compact', 'fork'] as const;
const SESSION_END_VALUES = ['clear', 'prompt_input_exit', 'other', 'logout', 'resume', 'bypass_permissions_disabled'] as const;
const COMPACT_VALUES = ['manual', 'auto'] as const;
const NOTIFICATION_VALUES = ['permission_prompt', 'idle_prompt', 'auth_success', 'elicitation_dialog'] as const;

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

const same = (values: readonly string[]): Record<string, string> => Object.fromEntries(values.map((v) => [v, v]));

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

const DECISION_DENY = '{"decision":"deny","reason":"..."}';
const HOOK_SPECIFIC_DENY = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"..."}}';
const DOUBLE_UNDERSCORE_MCP: AgentVocabulary['mcp'] = { name: (s, t) => `mcp__${s}__${t}`, parse: /^mcp__(.+?)__(.+)$/, separator: '__', prefix: 'mcp__' };

export const VOCABULARY: Readonly<Record<AgentName, AgentVocabulary>> = {
  gemini: vocabulary('gemini', {
    label: 'Gemini CLI',
    events: [
      ['BeforeTool', 'pre-tool', 'tool'],
      ['AfterTool', 'post-tool', 'tool'],
      ['BeforeAgent', 'prompt-submit'],
      ['AfterAgent', 'stop'],
      ['AfterAgent', 'subagent-stop', 'ignored', { readOnly: true, note: 'Gemini CLI has no subagent stop event; AfterAgent fires when the main agent finishes its turn' }],
      [
        'Notification',
        'notification',
        'ignored',
        {
          // It ignores its matcher, but only ever sends this one notification type.
          values: { permission_prompt: 'ToolPermission', idle_prompt: null, auth_success: null, elicitation_dialog: null },
          note: 'Gemini CLI fires Notification only for tool permission prompts (notification_type "ToolPermission") and ignores matchers on it',
        },
      ],
      ['SessionStart', 'session-start', 'values', { values: { startup: 'startup', resume: 'resume', clear: 'clear', compact: null, fork: null } }],
      // Gemini CLI only ever reports "exit" and "clear".
      ['SessionEnd', 'session-end', 'values', { values: { clear: 'clear', prompt_input_exit: 'exit', other: 'exit', logout: null, resume: null, bypass_permissions_disabled: null } }],
      ['PreCompress', 'pre-compact', 'values', { values: same(COMPACT_VALUES) }],
      ['BeforeModel', 'pre-model'],
      ['AfterModel', 'post-model'],
      ['BeforeToolSelection', 'tool-selection'],
    ],
    toolMatcher: 'gemini',
    tools: {
      run_shell_command: 'shell', read_file: 'read', read_many_files: 'read', write_file: 'write', replace: 'edit', glob: 'glob', grep_search: 'grep',
      list_directory: 'ls', web_fetch: 'web_fetch', google_web_search: 'web_search', write_todos: 'todo', save_memory: 'memory', ask_user: 'ask_user',
      enter_plan_mode: 'plan_enter', exit_plan_mode: 'plan_exit', activate_skill: 'skill',
    },
    toolAliases: ['read_many_files'],
    mcp: { name: (s, t) => `mcp_${s}_${t}`, parse: /^mcp_([^_]+)_(.+)$/, separator: '_', prefix: 'mcp_' },
    timeout: { unit: TIMEOUT_UNITS.gemini, field: 'timeout', default: 60_000 },
    variables: ['GEMINI_PROJECT_DIR', 'GEMINI_CWD', 'GEMINI_SESSION_ID', 'GEMINI_PLANS_DIR', 'CLAUDE_PROJECT_DIR'],
    projectDir: { variable: 'GEMINI_PROJECT_DIR', textual: true, alias: 'CLAUDE_PROJECT_DIR', cwd: 'project' },
    protocol: { exit2Blocks: ['pre-tool', 'post-tool', 'prompt-submit', 'stop', 'pre-model', 'post-model'], deny: DECISION_DENY },
  }),

  antigravity: vocabulary('antigravity', {
    label: 'Antigravity CLI',
    events: [
      ['PreToolUse', 'pre-tool', 'tool', { grouped: true }],
      ['PostToolUse', 'post-tool', 'tool', { grouped: true, note: 'agy may send PostToolUse without the tool call (toolCall), so a matcher may not see the tool name' }],
      ['PreInvocation', 'pre-model'],
      ['PostInvocation', 'post-model'],
      ['Stop', 'stop'],
      ['SessionStart', 'session-start', 'ignored', { note: 'agy binds SessionStart when it loads hooks.json, but no source has seen it fire (SOURCES A.3)' }],
    ],
    toolMatcher: 'full-regex',
    tools: {
      run_command: 'shell', view_file: 'read', write_to_file: 'write', replace_file_content: 'edit', multi_replace_file_content: 'edit',
      find_by_name: 'glob', grep_search: 'grep', list_dir: 'ls', read_url_content: 'web_fetch', search_web: 'web_search', invoke_subagent: 'task',
    },
    timeout: { unit: TIMEOUT_UNITS.antigravity, field: 'timeout', default: 30 },
    projectDir: { cwd: 'hooks-file', cwdWhy: 'Antigravity CLI sets no project-directory variable and runs a hook in the folder of its hooks.json (.agents/)' },
    protocol: { exit2Blocks: [], deny: DECISION_DENY, toolField: 'toolCall.name', payload: 'camelCase', eventNameField: false, silenceDenies: true },
  }),

  claude: vocabulary('claude', {
    label: 'Claude Code',
    events: [
      ['PreToolUse', 'pre-tool', 'tool'],
      ['PermissionRequest', 'permission-request', 'tool'],
      ['PostToolUse', 'post-tool', 'tool'],
      ['PostToolUseFailure', 'post-tool-failure', 'tool'],
      ['UserPromptSubmit', 'prompt-submit'],
      ['Stop', 'stop'],
      ['SubagentStart', 'subagent-start', 'other', { field: 'agent_type' }],
      ['SubagentStop', 'subagent-stop', 'other', { field: 'agent_type' }],
      ['SessionStart', 'session-start', 'values', { values: same(SESSION_START_VALUES) }],
      ['SessionEnd', 'session-end', 'values', { values: same(SESSION_END_VALUES) }],
      ['PreCompact', 'pre-compact', 'values', { values: same(COMPACT_VALUES) }],
      ['PostCompact', 'post-compact', 'values', { values: same(COMPACT_VALUES) }],
      ['Notification', 'notification', 'values', { values: same(NOTIFICATION_VALUES) }],
      ['Setup', 'setup', 'other', { field: 'trigger' }],
      ['StopFailure', 'error', 'other', { field: 'error' }],
    ],
    toolMatcher: 'claude',
    tools: {
      Bash: 'shell', PowerShell: 'shell', Read: 'read', Write: 'write', Edit: 'edit', MultiEdit: 'edit', Glob: 'glob', Grep: 'grep', LS: 'ls',
      WebFetch: 'web_fetch', WebSearch: 'web_search', TodoWrite: 'todo', ExitPlanMode: 'plan_exit', EnterPlanMode: 'plan_enter',
      AskUserQuestion: 'ask_user', Skill: 'skill', Task: 'task', Agent: 'task', BashOutput: 'shell_output', KillShell: 'shell_kill',
      NotebookEdit: 'notebook_edit', NotebookRead: 'notebook_read', SlashCommand: 'slash_command', ListMcpResourcesTool: 'mcp_resources',
      ReadMcpResourceTool: 'mcp_resources',
    },
    toolAliases: ['PowerShell', 'Agent'],
    mcp: DOUBLE_UNDERSCORE_MCP,
    timeout: { unit: TIMEOUT_UNITS.claude, field: 'timeout', default: 600, note: 'classic Claude Code: 60 s' },
    variables: ['CLAUDE_PROJECT_DIR', 'CLAUDE_PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA', 'CLAUDE_ENV_FILE', 'CLAUDE_CODE_REMOTE'],
    projectDir: { variable: 'CLAUDE_PROJECT_DIR', cwd: 'project' },
    protocol: {
      exit2Blocks: ['pre-tool', 'permission-request', 'prompt-submit', 'stop', 'subagent-stop', 'pre-compact'],
      deny: HOOK_SPECIFIC_DENY,
      plainContext: ['prompt-submit', 'session-start'],
    },
  }),

  codex: vocabulary('codex', {
    label: 'Codex CLI',
    events: [
      ['PreToolUse', 'pre-tool', 'tool'],
      ['PermissionRequest', 'permission-request', 'tool'],
      ['PostToolUse', 'post-tool', 'tool'],
      ['UserPromptSubmit', 'prompt-submit'],
      ['Stop', 'stop'],
      ['SubagentStart', 'subagent-start', 'other', { field: 'agent_type' }],
      ['SubagentStop', 'subagent-stop', 'other', { field: 'agent_type' }],
      ['SessionStart', 'session-start', 'values', { values: same(SESSION_START_VALUES) }],
      // Codex reports only "other" (the schema's const); its matcher on SessionEnd is not documented.
      ['SessionEnd', 'session-end', 'ignored', { note: 'Codex always reports reason "other" on SessionEnd' }],
      // The sources disagree on whether Codex evaluates a compact matcher (docs/sources.md §X1.4); hookrun writes none.
      ['PreCompact', 'pre-compact'],
      ['PostCompact', 'post-compact'],
      ['Interrupt', 'interrupt'],
    ],
    toolMatcher: 'claude',
    // Codex also matches an apply_patch call as Write and Edit (src/dialects/codex/tool-aliases.ts, which
    // shared code may not import): names read in a matcher, never written.
    tools: { Bash: 'shell', apply_patch: ['write', 'edit'], Write: ['write', 'edit'], Edit: ['write', 'edit'] },
    toolAliases: ['Write', 'Edit'],
    mcp: DOUBLE_UNDERSCORE_MCP,
    timeout: { unit: TIMEOUT_UNITS.codex, field: 'timeout', default: 600 },
    projectDir: { cwd: 'session', cwdWhy: "Codex sets no project-directory variable and runs a hook in the session's working directory, which is the project root only when Codex was started there" },
    protocol: {
      exit2Blocks: ['pre-tool', 'permission-request', 'prompt-submit', 'stop', 'subagent-stop'],
      deny: HOOK_SPECIFIC_DENY,
      ask: false,
      plainContext: ['prompt-submit', 'session-start', 'subagent-start'],
    },
  }),

  cursor: vocabulary('cursor', {
    label: 'Cursor',
    events: [
      ['preToolUse', 'pre-tool', 'tool'],
      ['postToolUse', 'post-tool', 'tool'],
      ['postToolUseFailure', 'post-tool-failure', 'tool'],
      ['beforeShellExecution', 'pre-tool', 'other', { field: 'the shell command', tools: ['shell'], readOnly: true }],
      ['afterShellExecution', 'post-tool', 'other', { field: 'the shell command', tools: ['shell'], readOnly: true }],
      ['beforeMCPExecution', 'pre-tool', 'other', { field: 'the MCP tool', mcpOnly: true, readOnly: true }],
      ['afterMCPExecution', 'post-tool', 'other', { field: 'the MCP tool', mcpOnly: true, readOnly: true }],
      ['beforeReadFile', 'pre-tool', 'other', { field: 'the file path', tools: ['read'], readOnly: true }],
      ['afterFileEdit', 'post-tool', 'other', { field: 'the file path', tools: ['edit', 'write'], readOnly: true }],
      ['beforeSubmitPrompt', 'prompt-submit'],
      ['stop', 'stop'],
      ['subagentStart', 'subagent-start', 'other', { field: 'the subagent' }],
      ['subagentStop', 'subagent-stop', 'other', { field: 'the subagent' }],
      ['sessionStart', 'session-start', 'ignored', { note: 'Cursor runs sessionStart fire-and-forget: it cannot stop the session' }],
      ['sessionEnd', 'session-end'],
      ['preCompact', 'pre-compact'],
      ['afterAgentResponse', 'agent-response'],
      ['afterAgentThought', 'agent-thought'],
    ],
    toolMatcher: 'search-regex',
    tools: { Shell: 'shell', Read: 'read', Write: ['write', 'edit'], Grep: 'grep', Delete: 'delete', Task: 'task' },
    timeout: { unit: TIMEOUT_UNITS.cursor, field: 'timeout', default: 60, note: "Cursor's own default is not published; hookrun assumes 60 s" },
    projectDir: { cwd: 'project', cwdWhy: 'Cursor sets no project-directory variable and runs a project hook in the project root' },
    protocol: { exit2Blocks: ['pre-tool', 'prompt-submit', 'subagent-start'], deny: '{"permission":"deny","user_message":"...","agent_message":"..."}' },
  }),

  copilot: vocabulary('copilot', {
    label: 'GitHub Copilot CLI',
    events: [
      ['preToolUse', 'pre-tool', 'tool'],
      ['permissionRequest', 'permission-request', 'tool'],
      ['postToolUse', 'post-tool', 'tool'],
      ['postToolUseFailure', 'post-tool-failure'],
      ['userPromptSubmitted', 'prompt-submit', 'ignored', { note: 'Copilot drops the output of command hooks on userPromptSubmitted: the hook cannot block the prompt' }],
      ['agentStop', 'stop'],
      ['subagentStart', 'subagent-start', 'other', { field: 'agentName' }],
      ['subagentStop', 'subagent-stop'],
      ['sessionStart', 'session-start'],
      ['sessionEnd', 'session-end'],
      ['preCompact', 'pre-compact', 'values', { values: same(COMPACT_VALUES) }],
      ['notification', 'notification', 'other', { field: 'notification_type' }],
      ['errorOccurred', 'error'],
      // The VS Code-compatible PascalCase spellings: read (same moment, Claude-style payload), never written.
      ['PreToolUse', 'pre-tool', 'tool', { readOnly: true }],
      ['PostToolUse', 'post-tool', 'tool', { readOnly: true }],
      ['PermissionRequest', 'permission-request', 'tool', { readOnly: true }],
      ['SessionStart', 'session-start', 'ignored', { readOnly: true }],
      ['Stop', 'stop', 'ignored', { readOnly: true }],
    ],
    toolMatcher: 'full-regex',
    tools: {
      bash: 'shell', powershell: 'shell', view: 'read', create: 'write', edit: 'edit', str_replace_editor: 'edit', apply_patch: 'edit', grep: 'grep',
      rg: 'grep', glob: 'glob', web_fetch: 'web_fetch', task: 'task',
    },
    toolAliases: ['str_replace_editor', 'rg'],
    timeout: { unit: TIMEOUT_UNITS.copilot, field: 'timeoutSec', default: 30 },
    projectDir: { cwd: 'project', cwdWhy: 'Copilot sets no project-directory variable and runs a hook in the repository root (unless the entry sets "cwd")' },
    protocol: {
      exit2Blocks: ['pre-tool', 'permission-request'],
      deny: '{"permissionDecision":"deny","permissionDecisionReason":"..."}',
      toolField: 'toolName',
      payload: 'camelCase',
      eventNameField: false,
    },
  }),

  kiro: vocabulary('kiro', {
    label: 'Kiro CLI',
    events: [
      // Kiro CLI 3's standalone hook files (.kiro/hooks/*.json), PascalCase: what migrate writes.
      ['PreToolUse', 'pre-tool', 'tool'],
      ['PostToolUse', 'post-tool', 'tool'],
      ['UserPromptSubmit', 'prompt-submit'],
      ['Stop', 'stop', 'ignored', { note: 'Kiro CLI 3 runs Stop at the end of each turn; it continues the turn on {"decision":"block"} or on exit 1' }],
      ['SessionStart', 'session-start', 'ignored', { note: 'Kiro CLI 3 runs SessionStart at the first prompt, once' }],
      ['PreTaskExec', 'pre-task'],
      ['PostTaskExec', 'post-task'],
      ['PostFileCreate', 'file-create', 'other', { field: 'file_path' }],
      ['PostFileSave', 'file-save', 'other', { field: 'file_path' }],
      ['PostFileDelete', 'file-delete', 'other', { field: 'file_path' }],
      ['Manual', 'manual'],
      // Kiro CLI 2.x agent-embedded hooks (camelCase), read only.
      ['agentSpawn', 'session-start', 'ignored', { readOnly: true, note: 'Kiro runs agentSpawn once, at the first request' }],
      ['userPromptSubmit', 'prompt-submit', 'ignored', { readOnly: true }],
      ['preToolUse', 'pre-tool', 'tool', { readOnly: true }],
      ['postToolUse', 'post-tool', 'tool', { readOnly: true }],
      ['stop', 'stop', 'ignored', { readOnly: true }],
    ],
    toolMatcher: 'search-regex',
    tools: {
      fs_read: 'read', read: 'read',
      // fs_write both creates files and replaces text in them.
      fs_write: ['write', 'edit'], write: ['write', 'edit'], execute_bash: 'shell', execute_cmd: 'shell', shell: 'shell', glob: 'glob', grep: 'grep',
      web_search: 'web_search', web_fetch: 'web_fetch', todo_list: 'todo', todo: 'todo', use_aws: 'aws', aws: 'aws', report_issue: 'report_issue',
      report: 'report_issue', gh_issue: 'report_issue', knowledge: 'knowledge', introspect: 'introspect', thinking: 'thinking', delegate: 'task',
      use_subagent: 'task',
    },
    toolAliases: ['read', 'write', 'execute_cmd', 'shell', 'todo', 'aws', 'report', 'gh_issue', 'delegate'],
    mcp: { name: (s, t) => `@${s}/${t}`, parse: /^@([^/]+)\/(.+)$/, separator: '/', prefix: '@' },
    timeout: { unit: TIMEOUT_UNITS.kiro, field: 'timeout', default: 60, note: 'agent-embedded hooks: timeout_ms, default 30 000 ms' },
    variables: ['WORKSPACE_ROOT', 'USER_PROMPT'],
    projectDir: { variable: 'WORKSPACE_ROOT', braced: true, textual: true, cwd: 'project' },
    protocol: {
      exit2Blocks: ['pre-tool', 'prompt-submit', 'pre-task'],
      deny: 'exit 2 with the reason on stderr (Kiro reads no deny JSON)',
      plainContext: ['session-start', 'prompt-submit'],
    },
  }),

  droid: vocabulary('droid', DROID_VOCABULARY),
  auggie: vocabulary('auggie', AUGGIE_VOCABULARY),
  qwen: vocabulary('qwen', QWEN_VOCABULARY),
  vscode: vocabulary('vscode', VSCODE_VOCABULARY),
};


/** Every entry of `agent`'s table spelled `name` (exact case); several when one name covers several moments. */
function agentEvents(agent: AgentName, name: string): AgentEvent[] {
  return VOCABULARY[agent].events.filter((e) => e.name === name);
}

/** The entry for `name` as migrate reads it: the one that is written (the primary moment), else the first. */
export function readEvent(agent: AgentName, name: string): AgentEvent | undefined {
  const entries = agentEvents(agent, name);
  return entries.find((e) => !e.readOnly) ?? entries[0];
}

/** The event `agent` writes for a canonical moment (undefined: the agent has none). */
export function writeEvent(agent: AgentName, event: CanonicalEvent): AgentEvent | undefined {
  const entries = VOCABULARY[agent].events.filter((e) => e.event === event);
  return entries.find((e) => !e.readOnly && !e.tools && !e.mcpOnly) ?? entries.find((e) => !e.tools && !e.mcpOnly);
}

/** `to`'s name for the moment `name` stands for in `from` (through the canonical set), when it has one. */
export function counterpart(from: AgentName, name: string, to: AgentName): string | undefined {
  const entry = readEvent(from, name);
  return entry ? writeEvent(to, entry.event)?.name : undefined;
}

/**
 * A moment that has no true counterpart in `to` but an event there fires at about the same time, with why
 * it is not the same (say it; never map a hook onto it). Issue 13: Claude Code's PermissionRequest decides
 * the permission dialog; Gemini CLI's Notification fires when that dialog opens but cannot decide anything.
 */
export const NEAR_MISSES: Readonly<Partial<Record<CanonicalEvent, Readonly<Partial<Record<AgentName, { name: string; why: string }>>>>>> = {
  'permission-request': {
    gemini: {
      name: 'Notification',
      why: 'Gemini CLI has no permission-decision hook: its Notification (notification_type "ToolPermission") fires when the dialog opens but is advisory, and BeforeTool with decision "ask"/"allow" runs before the dialog, with other semantics',
    },
    antigravity: { name: 'PreToolUse', why: 'Antigravity CLI has no permission-dialog hook; a PreToolUse decision ("ask", "allow") is the closest, before the dialog' },
    cursor: { name: 'preToolUse', why: 'Cursor has no permission-dialog hook; a preToolUse permission ("ask", "allow") is the closest, before the dialog' },
  },
  'post-tool-failure': {
    gemini: { name: 'AfterTool', why: 'Gemini CLI fires AfterTool after successful and failed calls alike, so the hook would also run on successes' },
    antigravity: { name: 'PostToolUse', why: 'Antigravity CLI has no failed-tool event; PostToolUse fires after every tool step (with "error" set when it failed), so the hook would also run on successes' },
    codex: { name: 'PostToolUse', why: 'Codex has no failed-tool event and fires PostToolUse after successful calls only' },
  },
};

/** Canonical tools `agent` names with `name` (undefined: not a tool the vocabulary knows). */
export function canonicalTools(agent: AgentName, name: string): readonly string[] | undefined {
  const tools = VOCABULARY[agent].tools;
  return Object.hasOwn(tools, name) ? tools[name] : undefined;
}

/** `agent`'s names for a canonical tool, aliases left out ([]: the agent has no such tool). */
export function toolNames(agent: AgentName, canonical: string): string[] {
  const vocab = VOCABULARY[agent];
  const aliases = new Set(vocab.toolAliases ?? []);
  return Object.entries(vocab.tools)
    .filter(([name, tools]) => tools.includes(canonical) && !aliases.has(name))
    .map(([name]) => name);
}

/** Every event name of every agent but `agent`, with the agents that spell it so. */
export function foreignEventNames(agent: AgentName): Map<string, AgentName[]> {
  const own = new Set(VOCABULARY[agent].events.map((e) => e.name));
  const names = new Map<string, AgentName[]>();
  for (const other of MIGRATION_AGENTS) {
    if (other === agent) continue;
    for (const e of VOCABULARY[other].events) {
      if (own.has(e.name)) continue;
      const list = names.get(e.name) ?? [];
      if (!list.includes(other)) list.push(other);
      names.set(e.name, list);
    }
  }
  return names;
}

