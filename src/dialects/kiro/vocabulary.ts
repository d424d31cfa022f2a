// This agent's row of the cross-agent vocabulary: the mechanism (types, canonical moments, the builder) is
// src/migrate/vocabulary.ts, the table of rows src/dialects/vocabularies.ts. Facts: docs/sources.md;
// choices where sources are silent: docs/migrate.md ("The vocabulary").
import { vocabulary } from '../../migrate/vocabulary.js';

export const kiroVocabulary = vocabulary('kiro', {
  label: 'Kiro CLI',
  events: [
    // Kiro CLI 3's standalone hook files (.kiro/hooks/*.json), PascalCase: what migrate writes.
    ['PreToolUse', 'pre-tool', 'tool'],
    ['PostToolUse', 'post-tool', 'tool'],
    ['UserPromptSubmit', 'prompt-submit'],
    ['Stop', 'stop', 'ignored', { note: 'Kiro CLI 3 runs Stop at the end of each turn; it continues the turn on {"decision":"block"} or on exit 1' }],
    ['SessionStart', 'session-start', 'ignored', { note: 'Kiro CLI 3 runs SessionStart at the first prompt, once' }],
    ['PreTaskExec', 'pre-task'],
    ['PostTaskExec', 'post-task'],
    ['PostFileCreate', 'file-create', 'other', { field: 'file_path' }],
    ['PostFileSave', 'file-save', 'other', { field: 'file_path' }],
    ['PostFileDelete', 'file-delete', 'other', { field: 'file_path' }],
    ['Manual', 'manual'],
    // Kiro CLI 2.x agent-embedded hooks (camelCase), read only.
    ['agentSpawn', 'session-start', 'ignored', { readOnly: true, note: 'Kiro runs agentSpawn once, at the first request' }],
    ['userPromptSubmit', 'prompt-submit', 'ignored', { readOnly: true }],
    ['preToolUse', 'pre-tool', 'tool', { readOnly: true }],
    ['postToolUse', 'post-tool', 'tool', { readOnly: true }],
    ['stop', 'stop', 'ignored', { readOnly: true }],
  ],
  toolMatcher: 'search-regex',
  tools: {
    fs_read: 'read',
    read: 'read',
    // fs_write both creates files and replaces text in them.
    fs_write: ['write', 'edit'],
    write: ['write', 'edit'],
    execute_bash: 'shell',
    execute_cmd: 'shell',
    shell: 'shell',
    glob: 'glob',
    grep: 'grep',
    web_search: 'web_search',
    web_fetch: 'web_fetch',
    todo_list: 'todo',
    todo: 'todo',
    use_aws: 'aws',
    aws: 'aws',
    report_issue: 'report_issue',
    report: 'report_issue',
    gh_issue: 'report_issue',
    knowledge: 'knowledge',
    introspect: 'introspect',
    thinking: 'thinking',
    delegate: 'task',
    use_subagent: 'task',
  },
  toolAliases: ['read', 'write', 'execute_cmd', 'shell', 'todo', 'aws', 'report', 'gh_issue', 'delegate'],
  mcp: { name: (s, t) => `@${s}/${t}`, parse: /^@([^/]+)\/(.+)$/, separator: '/', prefix: '@' },
  timeout: { unit: 's', field: 'timeout', default: 60, note: 'agent-embedded hooks: timeout_ms, default 30 000 ms' },
  variables: ['WORKSPACE_ROOT', 'USER_PROMPT'],
  projectDir: { variable: 'WORKSPACE_ROOT', braced: true, textual: true, cwd: 'project' },
  // Kiro CLI 2.x's engine is still the default one, so its (camelCase) spelling comes first in a hint.
  hintReadOnlyFirst: true,
  protocol: {
    exit2Blocks: ['pre-tool', 'prompt-submit', 'pre-task'],
    deny: 'exit 2 with the reason on stderr (Kiro reads no deny JSON)',
    plainContext: ['session-start', 'prompt-submit'],
  },
});
