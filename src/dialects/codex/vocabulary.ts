// This agent's row of the cross-agent vocabulary: the mechanism (types, canonical moments, the builder) is
// src/migrate/vocabulary.ts, the table of rows src/dialects/vocabularies.ts. Facts: docs/sources.md;
// choices where sources are silent: docs/migrate.md ("The vocabulary").
import { DOUBLE_UNDERSCORE_MCP, HOOK_SPECIFIC_DENY, same, SESSION_START_VALUES, vocabulary } from '../../migrate/vocabulary.js';

export const codexVocabulary = vocabulary('codex', {
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
  toolMatcher: 'names-or-regex',
  // Codex also matches an apply_patch call as Write and Edit (src/dialects/codex/tool-aliases.ts, which
  // shared code may not import): names read in a matcher, never written.
  tools: { Bash: 'shell', apply_patch: ['write', 'edit'], Write: ['write', 'edit'], Edit: ['write', 'edit'] },
  toolAliases: ['Write', 'Edit'],
  mcp: DOUBLE_UNDERSCORE_MCP,
  timeout: { unit: 's', field: 'timeout', default: 600 },
  projectDir: {
    cwd: 'session',
    cwdWhy: "Codex sets no project-directory variable and runs a hook in the session's working directory, which is the project root only when Codex was started there",
  },
  nearMisses: {
    'post-tool-failure': { name: 'PostToolUse', why: 'Codex has no failed-tool event and fires PostToolUse after successful calls only' },
  },
  protocol: {
    exit2Blocks: ['pre-tool', 'permission-request', 'prompt-submit', 'stop', 'subagent-stop'],
    deny: HOOK_SPECIFIC_DENY,
    ask: false,
    plainContext: ['prompt-submit', 'session-start', 'subagent-start'],
  },
});
