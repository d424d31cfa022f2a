// This agent's row of the cross-agent vocabulary: the mechanism (types, canonical moments, the builder) is
// src/migrate/vocabulary.ts, the table of rows src/dialects/vocabularies.ts. Facts: docs/sources.md;
// choices where sources are silent: docs/migrate.md ("The vocabulary").
import { COMPACT_VALUES, DOUBLE_UNDERSCORE_MCP, HOOK_SPECIFIC_DENY, NOTIFICATION_VALUES, same, SESSION_END_VALUES, SESSION_START_VALUES, vocabulary } from '../../migrate/vocabulary.js';

export const claudeVocabulary = vocabulary('claude', {
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
  toolMatcher: 'names-or-regex',
  tools: {
    Bash: 'shell', PowerShell: 'shell', Read: 'read', Write: 'write', Edit: 'edit', MultiEdit: 'edit', Glob: 'glob', Grep: 'grep', LS: 'ls',
    WebFetch: 'web_fetch', WebSearch: 'web_search', TodoWrite: 'todo', ExitPlanMode: 'plan_exit', EnterPlanMode: 'plan_enter',
    AskUserQuestion: 'ask_user', Skill: 'skill', Task: 'task', Agent: 'task', BashOutput: 'shell_output', KillShell: 'shell_kill',
    NotebookEdit: 'notebook_edit', NotebookRead: 'notebook_read', SlashCommand: 'slash_command', ListMcpResourcesTool: 'mcp_resources',
    ReadMcpResourceTool: 'mcp_resources',
  },
  toolAliases: ['PowerShell', 'Agent'],
  mcp: DOUBLE_UNDERSCORE_MCP,
  timeout: { unit: 's', field: 'timeout', default: 600, note: 'classic Claude Code: 60 s' },
  variables: ['CLAUDE_PROJECT_DIR', 'CLAUDE_PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA', 'CLAUDE_ENV_FILE', 'CLAUDE_CODE_REMOTE'],
  projectDir: { variable: 'CLAUDE_PROJECT_DIR', cwd: 'project' },
  // Claude Code's events no other agent has a hook for (docs/claude.md, the events table).
  // A handler's `if` takes a permission rule (docs/claude.md).
  ruleFilter: { field: 'if', since: 'Claude Code 2.1.85 and later' },
  unmapped: {
    UserPromptExpansion: 'a slash command or skill expanding into a prompt: no other agent has a hook there',
    PermissionDenied: "the auto-mode classifier's denial of a tool call: no other agent reports a denial as an event",
    PostToolBatch: 'after a batch of parallel tool calls: other agents fire per call only',
    TaskCreated: "Claude Code's task list (agent teams): no other agent has tasks of this kind",
    TaskCompleted: "Claude Code's task list (agent teams): no other agent has tasks of this kind",
    TeammateIdle: 'agent teams: no other agent has teammates',
    ConfigChange: 'a settings or skills file changing during the session: no other agent has a hook there',
    CwdChanged: 'the working directory changing: no other agent has a hook there',
    WorktreeCreate: 'Claude Code creating a git worktree: no other agent has a hook there',
    WorktreeRemove: 'Claude Code removing a git worktree: no other agent has a hook there',
    MessageDisplay: 'a message shown to the user: no other agent has a hook there',
    Elicitation: "an MCP server's elicitation request: no other agent has a hook there",
    ElicitationResult: "the answer to an MCP server's elicitation: no other agent has a hook there",
    InstructionsLoaded: 'a CLAUDE.md or rules file loading: no other agent has a hook there',
    DirectoryAdded: 'a working directory added to the session: no other agent has a hook there',
    FileChanged: "a watched file changing on disk (not the agent's own edit, unlike Kiro CLI 3's PostFileSave, which fires on a save in the IDE)",
    PreModelSwitch: 'the model being switched: no other agent has a hook there',
    PostModelSwitch: 'the model having been switched: no other agent has a hook there',
  },
  protocol: {
    exit2Blocks: ['pre-tool', 'permission-request', 'prompt-submit', 'stop', 'subagent-stop', 'pre-compact'],
    deny: HOOK_SPECIFIC_DENY,
    plainContext: ['prompt-submit', 'session-start'],
  },
});
