// Augment Auggie's row of the cross-agent vocabulary (src/migrate/vocabulary.ts builds it): Claude Code's
// answers with Auggie's own event PromptSubmit, its tool names (launch-process observed in 0.36.0; the
// others from its bundle), `mcp:` patterns for MCP tools, and timeouts in MILLISECONDS (default 60 000).
// Only types and the timeout unit are imported, so the vocabulary's table can import this row without an import cycle.
import { vocabulary } from '../../migrate/vocabulary.js';

export const auggieVocabulary = vocabulary('auggie', {
  label: 'Augment Auggie',
  events: [
    ['PreToolUse', 'pre-tool', 'tool'],
    ['PostToolUse', 'post-tool', 'tool'],
    ['PromptSubmit', 'prompt-submit'],
    ['Stop', 'stop'],
    ['SessionStart', 'session-start'],
    ['SessionEnd', 'session-end'],
    ['Notification', 'notification'],
  ],
  toolMatcher: 'search-regex',
  tools: {
    'launch-process': 'shell',
    view: 'read',
    'save-file': 'write',
    'str-replace-editor': 'edit',
    'remove-files': 'delete',
    'web-fetch': 'web_fetch',
    'web-search': 'web_search',
  },
  timeout: { unit: 'ms', field: 'timeout', default: 60_000 },
  variables: ['AUGMENT_PROJECT_DIR', 'AUGMENT_CONVERSATION_ID', 'AUGMENT_HOOK_EVENT', 'AUGMENT_TOOL_NAME'],
  projectDir: { variable: 'AUGMENT_PROJECT_DIR', cwd: 'project' },
  protocol: {
    exit2Blocks: ['pre-tool'],
    deny: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"..."}}',
  },
});
