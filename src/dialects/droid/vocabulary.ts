// Factory Droid's row of the cross-agent vocabulary (built with src/migrate/vocabulary.ts's builder; joined in src/dialects/vocabularies.ts): Claude Code's
// events and answers, Droid's tool names (Execute observed in 0.225.2; the others from Factory's hooks
// reference), timeouts in seconds (default 60). Only types are imported, so the vocabulary's table can
// import this row without an import cycle.
import { vocabulary } from '../../migrate/vocabulary.js';

const SESSION_START_VALUES = { startup: 'startup', resume: 'resume', clear: 'clear', compact: 'compact', fork: null };

export const droidVocabulary = vocabulary('droid', {
  label: 'Factory Droid',
  events: [
    ['PreToolUse', 'pre-tool', 'tool'],
    ['PostToolUse', 'post-tool', 'tool'],
    ['UserPromptSubmit', 'prompt-submit', 'ignored', { note: 'Droid fires UserPromptSubmit on its JSON-RPC/daemon path, not under `droid exec`' }],
    ['Stop', 'stop'],
    ['SubagentStop', 'subagent-stop'],
    ['SessionStart', 'session-start', 'ignored', { values: SESSION_START_VALUES }],
    ['SessionEnd', 'session-end'],
    ['PreCompact', 'pre-compact'],
    ['Notification', 'notification'],
  ],
  toolMatcher: 'search-regex',
  tools: {
    Execute: 'shell',
    Read: 'read',
    Create: 'write',
    Edit: ['edit'],
    MultiEdit: 'edit',
    Glob: 'glob',
    Grep: 'grep',
    LS: 'ls',
    FetchUrl: 'web_fetch',
    WebSearch: 'web_search',
    TodoWrite: 'todo',
    Task: 'task',
  },
  toolAliases: ['MultiEdit'],
  timeout: { unit: 's', field: 'timeout', default: 60 },
  variables: ['FACTORY_PROJECT_DIR', 'DROID_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'],
  projectDir: { variable: 'FACTORY_PROJECT_DIR', alias: 'CLAUDE_PROJECT_DIR', cwd: 'project' },
  protocol: {
    exit2Blocks: ['pre-tool', 'post-tool', 'prompt-submit', 'stop', 'subagent-stop'],
    deny: '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"..."}}',
  },
});
