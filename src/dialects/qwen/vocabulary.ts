// Qwen Code's row of the cross-agent vocabulary (src/migrate/vocabulary.ts builds it): Claude Code's event
// names and protocol, Qwen's tool names (the Gemini CLI family's), timeout in seconds (docs/qwen.md).
import type { AgentSpec } from '../../migrate/vocabulary.js';

export const QWEN_VOCABULARY: AgentSpec = {
  label: 'Qwen Code',
  events: [
    ['PreToolUse', 'pre-tool', 'tool'],
    ['PermissionRequest', 'permission-request', 'tool'],
    ['PostToolUse', 'post-tool', 'tool'],
    ['PostToolUseFailure', 'post-tool-failure', 'tool'],
    ['UserPromptSubmit', 'prompt-submit'],
    ['Stop', 'stop'],
    ['SubagentStart', 'subagent-start', 'other', { field: 'agent_type' }],
    ['SubagentStop', 'subagent-stop', 'other', { field: 'agent_type' }],
    ['SessionStart', 'session-start', 'other', { field: 'source' }],
    ['SessionEnd', 'session-end', 'other', { field: 'reason' }],
    ['PreCompact', 'pre-compact', 'other', { field: 'trigger' }],
    ['PostCompact', 'post-compact', 'other', { field: 'trigger' }],
    ['Notification', 'notification', 'other', { field: 'notification_type' }],
    ['StopFailure', 'error', 'other', { field: 'error', note: 'Qwen Code ignores every output and error of StopFailure hooks' }],
  ],
  // Exact names (and Claude Code's names as aliases), `|` lists, else an unanchored regex: Claude's reading.
  toolMatcher: 'claude',
  tools: {
    run_shell_command: 'shell', read_file: 'read', write_file: 'write', edit: 'edit', glob: 'glob', grep_search: 'grep', list_directory: 'ls',
    web_fetch: 'web_fetch', web_search: 'web_search', todo_write: 'todo', task: 'task',
  },
  mcp: { name: (s, t) => `mcp__${s}__${t}`, parse: /^mcp__(.+?)__(.+)$/, separator: '__', prefix: 'mcp__' },
  timeout: { unit: 's', field: 'timeout', default: 600, note: 'a value of 1000 or more is read as milliseconds' },
  variables: ['QWEN_PROJECT_DIR', 'CLAUDE_PROJECT_DIR', 'GEMINI_PROJECT_DIR', 'QWEN_CODE_SESSION_ID'],
  projectDir: { variable: 'QWEN_PROJECT_DIR', alias: 'CLAUDE_PROJECT_DIR', cwd: 'project' },
  protocol: {
    exit2Blocks: ['pre-tool', 'permission-request', 'prompt-submit', 'stop', 'subagent-stop'],
    deny: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"..."}}',
    plainContext: ['prompt-submit', 'session-start'],
  },
};
