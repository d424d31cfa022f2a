// This agent's row of the cross-agent vocabulary: the mechanism (types, canonical moments, the builder) is
// src/migrate/vocabulary.ts, the table of rows src/dialects/vocabularies.ts. Facts: docs/sources.md;
// choices where sources are silent: docs/migrate.md ("The vocabulary").
import { COMPACT_VALUES, same, vocabulary } from '../../migrate/vocabulary.js';

export const copilotVocabulary = vocabulary('copilot', {
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
    ['SessionEnd', 'session-end', 'ignored', { readOnly: true }],
    [
      'UserPromptSubmit',
      'prompt-submit',
      'ignored',
      { readOnly: true, note: 'Copilot drops the output of command hooks on userPromptSubmitted: the hook cannot block the prompt' },
    ],
    ['PostToolUseFailure', 'post-tool-failure', 'ignored', { readOnly: true }],
    ['SubagentStart', 'subagent-start', 'other', { field: 'agentName', readOnly: true }],
    ['SubagentStop', 'subagent-stop', 'ignored', { readOnly: true }],
    ['PreCompact', 'pre-compact', 'values', { values: same(COMPACT_VALUES), readOnly: true }],
    ['Notification', 'notification', 'other', { field: 'notification_type', readOnly: true }],
  ],
  toolMatcher: 'full-regex',
  tools: {
    bash: 'shell',
    powershell: 'shell',
    view: 'read',
    create: 'write',
    edit: 'edit',
    str_replace_editor: 'edit',
    apply_patch: 'edit',
    grep: 'grep',
    rg: 'grep',
    glob: 'glob',
    web_fetch: 'web_fetch',
    task: 'task',
  },
  toolAliases: ['str_replace_editor', 'rg'],
  timeout: { unit: 's', field: 'timeoutSec', default: 30 },
  projectDir: { cwd: 'project', cwdWhy: 'Copilot sets no project-directory variable and runs a hook in the repository root (unless the entry sets "cwd")' },
  // Copilot's events no other agent has a hook for (docs/copilot.md, the events table).
  unmapped: {
    userPromptTransformed: 'the prompt after Copilot transformed it (modifiedTransformedPrompt): no other agent has a hook there',
  },
  protocol: {
    exit2Blocks: ['pre-tool', 'permission-request'],
    deny: '{"permissionDecision":"deny","permissionDecisionReason":"..."}',
    toolField: 'toolName',
    payload: 'camelCase',
    eventNameField: false,
  },
});
