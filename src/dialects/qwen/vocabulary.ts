// Qwen Code's row of the cross-agent vocabulary (src/migrate/vocabulary.ts builds it): Claude Code's event
// names and protocol, Qwen's tool names (the Gemini CLI family's), timeout in seconds (docs/qwen.md).
import { type CanonicalEvent, vocabulary } from '../../migrate/vocabulary.js';

const MOMENTS: Readonly<Record<string, CanonicalEvent>> = {
  PreToolUse: 'pre-tool',
  PermissionRequest: 'permission-request',
  PostToolUse: 'post-tool',
  PostToolUseFailure: 'post-tool-failure',
  SubagentStart: 'subagent-start',
  SubagentStop: 'subagent-stop',
  SessionStart: 'session-start',
  SessionEnd: 'session-end',
  PreCompact: 'pre-compact',
  PostCompact: 'post-compact',
  Notification: 'notification',
};

/** The lifecycle events and the input field their matcher reads (Claude Code's). */
const FIELDS: Readonly<Record<string, string>> = {
  SubagentStart: 'agent_type',
  SubagentStop: 'agent_type',
  SessionStart: 'source',
  SessionEnd: 'reason',
  PreCompact: 'trigger',
  PostCompact: 'trigger',
  Notification: 'notification_type',
};

export const qwenVocabulary = vocabulary('qwen', {
  label: 'Qwen Code',
  // Claude Code's names for the same moments; every matcher is compared with a field, lifecycle values included.
  events: [
    ...(['PreToolUse', 'PermissionRequest', 'PostToolUse', 'PostToolUseFailure'] as const).map((name) => [name, MOMENTS[name]!, 'tool'] as const),
    ['UserPromptSubmit', 'prompt-submit'],
    ['Stop', 'stop'],
    ...Object.entries(FIELDS).map(([name, field]) => [name, MOMENTS[name]!, 'other', { field }] as const),
    ['StopFailure', 'error', 'other', { field: 'error', note: 'Qwen Code ignores every output and error of StopFailure hooks' }],
  ],
  // Exact names (and Claude Code's names as aliases), `|` lists, else an unanchored regex: Claude's reading.
  toolMatcher: 'names-or-regex',
  tools: {
    run_shell_command: 'shell',
    read_file: 'read',
    write_file: 'write',
    edit: 'edit',
    glob: 'glob',
    grep_search: 'grep',
    list_directory: 'ls',
    web_fetch: 'web_fetch',
    web_search: 'web_search',
    todo_write: 'todo',
    task: 'task',
  },
  mcp: { name: (s, t) => `mcp__${s}__${t}`, parse: /^mcp__(.+?)__(.+)$/, separator: '__', prefix: 'mcp__' },
  // Qwen Code's events no other agent (but Claude Code, whose same events are unmapped too) has a hook for (docs/qwen.md).
  unmapped: {
    PostToolBatch: 'after a batch of parallel tool calls: other agents fire per call only',
    UserPromptExpansion: 'a slash command or skill expanding into a prompt: no other agent but Claude Code has a hook there',
    MessageDisplay: 'a message shown to the user: no other agent but Claude Code has a hook there',
    SessionDelete: 'a saved session being deleted: no other agent has a hook there',
    PermissionDenied: 'a tool call denied by the permission system: no other agent but Claude Code reports a denial as an event',
    TodoCreated: "Qwen Code's todo list: no other agent has a hook on its plan items",
    TodoCompleted: "Qwen Code's todo list: no other agent has a hook on its plan items",
    InstructionsLoaded: 'a QWEN.md or rules file loading: no other agent but Claude Code has a hook there',
  },
  timeout: { unit: 's', field: 'timeout', default: 600, note: 'a value of 1000 or more is read as milliseconds' },
  variables: ['QWEN_PROJECT_DIR', 'CLAUDE_PROJECT_DIR', 'GEMINI_PROJECT_DIR', 'QWEN_CODE_SESSION_ID'],
  projectDir: { variable: 'QWEN_PROJECT_DIR', alias: 'CLAUDE_PROJECT_DIR', cwd: 'project' },
  protocol: {
    exit2Blocks: ['pre-tool', 'permission-request', 'prompt-submit', 'stop', 'subagent-stop'],
    deny: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"..."}}',
    plainContext: ['prompt-submit', 'session-start'],
  },
});
