// The vocabularies migrate translates between: Claude Code's and Kiro CLI's events and tool names, and
// Gemini CLI's. Gemini's built-in tool names are those of gemini-cli's packages/core/src/tools
// (base-declarations: run_shell_command, replace, write_file, read_file, grep_search, glob,
// list_directory, web_fetch, google_web_search, write_todos, save_memory, ask_user, ...).

/** How a Gemini event compares its matcher (gemini-hooks.md §4). */
export type GeminiMatcherKind = 'tool' | 'exact' | 'ignored';

export interface EventMapping {
  gemini: string;
  kind: GeminiMatcherKind;
  /** For lifecycle events: each source value the matcher can select, and the Gemini value that carries it (null: none). */
  values?: Readonly<Record<string, string | null>>;
  /** Why the Gemini event is not quite the same one. */
  note?: string;
}

export const CLAUDE_EVENT_MAP: Readonly<Record<string, EventMapping>> = {
  PreToolUse: { gemini: 'BeforeTool', kind: 'tool' },
  PostToolUse: { gemini: 'AfterTool', kind: 'tool' },
  UserPromptSubmit: { gemini: 'BeforeAgent', kind: 'ignored' },
  Stop: { gemini: 'AfterAgent', kind: 'ignored' },
  SubagentStop: {
    gemini: 'AfterAgent',
    kind: 'ignored',
    note: 'Gemini CLI has no subagent stop event; AfterAgent fires when the main agent finishes its turn',
  },
  SessionStart: {
    gemini: 'SessionStart',
    kind: 'exact',
    values: { startup: 'startup', resume: 'resume', clear: 'clear', compact: null, fork: null },
  },
  SessionEnd: {
    gemini: 'SessionEnd',
    kind: 'exact',
    // Gemini CLI only ever reports "exit" and "clear".
    values: { clear: 'clear', prompt_input_exit: 'exit', other: 'exit', logout: null, resume: null, bypass_permissions_disabled: null },
  },
  PreCompact: { gemini: 'PreCompress', kind: 'exact', values: { manual: 'manual', auto: 'auto' } },
  Notification: {
    gemini: 'Notification',
    kind: 'ignored',
    note: 'Gemini CLI fires Notification only for tool permission prompts (notification_type "ToolPermission") and ignores matchers on it',
  },
};

/** Claude Code events Gemini CLI has no counterpart for, and why. */
export const CLAUDE_EVENTS_WITHOUT_GEMINI: Readonly<Record<string, string>> = {
  PostToolUseFailure: 'Gemini CLI fires AfterTool after successful and failed calls alike, so the hook would also run on successes',
  PermissionRequest: 'Gemini CLI has no permission-dialog hook (BeforeTool with decision "ask"/"allow" is the closest, with other semantics)',
  SubagentStart: 'Gemini CLI has no subagent start event',
  Setup: 'Gemini CLI has no setup event',
};

export const KIRO_EVENT_MAP: Readonly<Record<string, EventMapping>> = {
  agentSpawn: {
    gemini: 'SessionStart',
    kind: 'exact',
    note: 'Kiro runs agentSpawn once, at the first request; Gemini CLI runs SessionStart at startup, resume and /clear',
  },
  userPromptSubmit: { gemini: 'BeforeAgent', kind: 'ignored' },
  preToolUse: { gemini: 'BeforeTool', kind: 'tool' },
  postToolUse: { gemini: 'AfterTool', kind: 'tool' },
  stop: { gemini: 'AfterAgent', kind: 'ignored' },
};

/** Claude Code built-in tools → Gemini CLI tool names (null: Gemini has no such tool). */
export const CLAUDE_TOOL_MAP: Readonly<Record<string, string | null>> = {
  Bash: 'run_shell_command',
  PowerShell: 'run_shell_command',
  Read: 'read_file',
  Write: 'write_file',
  Edit: 'replace',
  MultiEdit: 'replace',
  Glob: 'glob',
  Grep: 'grep_search',
  LS: 'list_directory',
  WebFetch: 'web_fetch',
  WebSearch: 'google_web_search',
  TodoWrite: 'write_todos',
  ExitPlanMode: 'exit_plan_mode',
  EnterPlanMode: 'enter_plan_mode',
  AskUserQuestion: 'ask_user',
  Skill: 'activate_skill',
  BashOutput: null,
  KillShell: null,
  NotebookEdit: null,
  NotebookRead: null,
  Task: null,
  Agent: null,
  SlashCommand: null,
  ListMcpResourcesTool: null,
  ReadMcpResourceTool: null,
};

/** Kiro CLI tool names, canonical and alias alike (A.8) → Gemini CLI tool names ([]: no equivalent). */
export const KIRO_TOOL_MAP: Readonly<Record<string, readonly string[]>> = {
  fs_read: ['read_file'],
  read: ['read_file'],
  // fs_write both creates files and replaces text in them.
  fs_write: ['write_file', 'replace'],
  write: ['write_file', 'replace'],
  execute_bash: ['run_shell_command'],
  execute_cmd: ['run_shell_command'],
  shell: ['run_shell_command'],
  glob: ['glob'],
  grep: ['grep_search'],
  web_search: ['google_web_search'],
  web_fetch: ['web_fetch'],
  todo_list: ['write_todos'],
  todo: ['write_todos'],
  use_aws: [],
  aws: [],
  report_issue: [],
  report: [],
  gh_issue: [],
  knowledge: [],
  introspect: [],
  thinking: [],
  delegate: [],
  use_subagent: [],
};

/** Gemini CLI's MCP tool name for a server's tool (gemini-hooks.md §1.2: `mcp_<server>_<tool>`). */
export const geminiMcpName = (server: string, tool: string): string => `mcp_${server}_${tool}`;

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** An anchored Gemini regex matching exactly these tool names. */
export function exactNamesRegex(names: readonly string[]): string {
  const unique = [...new Set(names)];
  return unique.length === 1 ? `^${escapeRegex(unique[0]!)}$` : `^(${unique.map(escapeRegex).join('|')})$`;
}
