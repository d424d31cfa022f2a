// This agent's row of the cross-agent vocabulary: the mechanism (types, canonical moments, the builder) is
// src/migrate/vocabulary.ts, the table of rows src/dialects/vocabularies.ts. Facts: docs/sources.md;
// choices where sources are silent: docs/migrate.md ("The vocabulary").
import { COMPACT_VALUES, DECISION_DENY, same, vocabulary } from '../../migrate/vocabulary.js';

export const geminiVocabulary = vocabulary('gemini', {
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
    [
      'SessionEnd',
      'session-end',
      'values',
      { values: { clear: 'clear', prompt_input_exit: 'exit', other: 'exit', logout: null, resume: null, bypass_permissions_disabled: null } },
    ],
    ['PreCompress', 'pre-compact', 'values', { values: same(COMPACT_VALUES) }],
    ['BeforeModel', 'pre-model'],
    ['AfterModel', 'post-model'],
    ['BeforeToolSelection', 'tool-selection'],
  ],
  toolMatcher: 'regex-or-exact',
  tools: {
    run_shell_command: 'shell',
    read_file: 'read',
    read_many_files: 'read',
    write_file: 'write',
    replace: 'edit',
    glob: 'glob',
    grep_search: 'grep',
    list_directory: 'ls',
    web_fetch: 'web_fetch',
    google_web_search: 'web_search',
    write_todos: 'todo',
    save_memory: 'memory',
    ask_user: 'ask_user',
    enter_plan_mode: 'plan_enter',
    exit_plan_mode: 'plan_exit',
    activate_skill: 'skill',
  },
  toolAliases: ['read_many_files'],
  mcp: { name: (s, t) => `mcp_${s}_${t}`, parse: /^mcp_([^_]+)_(.+)$/, separator: '_', prefix: 'mcp_' },
  timeout: { unit: 'ms', field: 'timeout', default: 60_000 },
  variables: ['GEMINI_PROJECT_DIR', 'GEMINI_CWD', 'GEMINI_SESSION_ID', 'GEMINI_PLANS_DIR', 'CLAUDE_PROJECT_DIR'],
  projectDir: { variable: 'GEMINI_PROJECT_DIR', textual: true, alias: 'CLAUDE_PROJECT_DIR', cwd: 'project' },
  nearMisses: {
    'permission-request': {
      name: 'Notification',
      why: 'Gemini CLI has no permission-decision hook: its Notification (notification_type "ToolPermission") fires when the dialog opens but is advisory, and BeforeTool with decision "ask"/"allow" runs before the dialog, with other semantics',
    },
    'post-tool-failure': { name: 'AfterTool', why: 'Gemini CLI fires AfterTool after successful and failed calls alike, so the hook would also run on successes' },
  },
  fileKind: 'settings',
  protocol: { exit2Blocks: ['pre-tool', 'post-tool', 'prompt-submit', 'stop', 'pre-model', 'post-model'], deny: DECISION_DENY },
});
