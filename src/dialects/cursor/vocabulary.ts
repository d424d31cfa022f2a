// This agent's row of the cross-agent vocabulary: the mechanism (types, canonical moments, the builder) is
// src/migrate/vocabulary.ts, the table of rows src/dialects/vocabularies.ts. Facts: docs/sources.md;
// choices where sources are silent: docs/migrate.md ("The vocabulary").
import { vocabulary } from '../../migrate/vocabulary.js';

export const cursorVocabulary = vocabulary('cursor', {
  label: 'Cursor',
  events: [
    ['preToolUse', 'pre-tool', 'tool'],
    ['postToolUse', 'post-tool', 'tool'],
    ['postToolUseFailure', 'post-tool-failure', 'tool'],
    ['beforeShellExecution', 'pre-tool', 'other', { field: 'the shell command', tools: ['shell'], readOnly: true }],
    ['afterShellExecution', 'post-tool', 'other', { field: 'the shell command', tools: ['shell'], readOnly: true }],
    ['beforeMCPExecution', 'pre-tool', 'other', { field: 'the MCP tool', mcpOnly: true, readOnly: true }],
    ['afterMCPExecution', 'post-tool', 'other', { field: 'the MCP tool', mcpOnly: true, readOnly: true }],
    ['beforeReadFile', 'pre-tool', 'other', { field: 'the file path', tools: ['read'], readOnly: true }],
    ['afterFileEdit', 'post-tool', 'other', { field: 'the file path', tools: ['edit', 'write'], readOnly: true }],
    ['beforeSubmitPrompt', 'prompt-submit'],
    ['stop', 'stop'],
    ['subagentStart', 'subagent-start', 'other', { field: 'the subagent' }],
    ['subagentStop', 'subagent-stop', 'other', { field: 'the subagent' }],
    ['sessionStart', 'session-start', 'ignored', { note: 'Cursor runs sessionStart fire-and-forget: it cannot stop the session' }],
    ['sessionEnd', 'session-end'],
    ['preCompact', 'pre-compact'],
    ['afterAgentResponse', 'agent-response'],
    ['afterAgentThought', 'agent-thought'],
  ],
  toolMatcher: 'search-regex',
  tools: { Shell: 'shell', Read: 'read', Write: ['write', 'edit'], Grep: 'grep', Delete: 'delete', Task: 'task' },
  timeout: { unit: 's', field: 'timeout', default: 60, note: "Cursor's own default is not published; hookrun assumes 60 s" },
  projectDir: { cwd: 'project', cwdWhy: 'Cursor sets no project-directory variable and runs a project hook in the project root' },
  nearMisses: {
    'permission-request': { name: 'preToolUse', why: 'Cursor has no permission-dialog hook; a preToolUse permission ("ask", "allow") is the closest, before the dialog' },
  },
  // Cursor's events no other agent has a hook for (docs/cursor.md, the events table).
  unmapped: {
    beforeTabFileRead: "Cursor Tab (inline completion) reading a file, not the agent: no other agent's hooks see its completions",
    afterTabFileEdit: "Cursor Tab (inline completion) editing a file, not the agent: no other agent's hooks see its completions",
    workspaceOpen: 'the editor opening a workspace, before any session: no other agent has a hook there',
  },
  protocol: { exit2Blocks: ['pre-tool', 'prompt-submit', 'subagent-start'], deny: '{"permission":"deny","user_message":"...","agent_message":"..."}' },
});
