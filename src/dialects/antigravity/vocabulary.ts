// This agent's row of the cross-agent vocabulary: the mechanism (types, canonical moments, the builder) is
// src/migrate/vocabulary.ts, the table of rows src/dialects/vocabularies.ts. Facts: docs/sources.md;
// choices where sources are silent: docs/migrate.md ("The vocabulary").
import { DECISION_DENY, vocabulary } from '../../migrate/vocabulary.js';

export const antigravityVocabulary = vocabulary('antigravity', {
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
    run_command: 'shell',
    view_file: 'read',
    write_to_file: 'write',
    replace_file_content: 'edit',
    multi_replace_file_content: 'edit',
    find_by_name: 'glob',
    grep_search: 'grep',
    list_dir: 'ls',
    read_url_content: 'web_fetch',
    search_web: 'web_search',
    invoke_subagent: 'task',
  },
  timeout: { unit: 's', field: 'timeout', default: 30 },
  projectDir: { cwd: 'hooks-file', cwdWhy: 'Antigravity CLI sets no project-directory variable and runs a hook in the folder of its hooks.json (.agents/)' },
  nearMisses: {
    'permission-request': { name: 'PreToolUse', why: 'Antigravity CLI has no permission-dialog hook; a PreToolUse decision ("ask", "allow") is the closest, before the dialog' },
    'post-tool-failure': {
      name: 'PostToolUse',
      why: 'Antigravity CLI has no failed-tool event; PostToolUse fires after every tool step (with "error" set when it failed), so the hook would also run on successes',
    },
  },
  protocol: {
    exit2Blocks: [],
    deny: DECISION_DENY,
    toolField: 'toolCall.name',
    payload: 'camelCase',
    eventNameField: false,
    silenceDenies: true,
    jsonDecisions: '{"decision":"deny","reason":"..."} on PreToolUse, {"decision":"continue","reason":"..."} on Stop to keep the agent going',
  },
});
