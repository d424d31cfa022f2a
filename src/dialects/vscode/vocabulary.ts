// VS Code's row of the cross-agent vocabulary (src/migrate/vocabulary.ts builds it): Claude Code's event
// names for its eight events, matchers ignored, VS Code's tool names, timeout in seconds (docs/vscode.md).
import { vocabulary } from '../../migrate/vocabulary.js';

export const vscodeVocabulary = vocabulary('vscode', {
  label: 'VS Code',
  events: [
    ['PreToolUse', 'pre-tool', 'ignored', { note: 'VS Code ignores matchers: the hook runs for every tool and must test tool_name itself' }],
    ['PostToolUse', 'post-tool', 'ignored', { note: 'VS Code ignores matchers: the hook runs for every tool and must test tool_name itself' }],
    ['UserPromptSubmit', 'prompt-submit'],
    ['Stop', 'stop'],
    ['SubagentStart', 'subagent-start'],
    ['SubagentStop', 'subagent-stop'],
    ['SessionStart', 'session-start'],
    ['PreCompact', 'pre-compact'],
  ],
  toolMatcher: 'names-or-regex',
  tools: {
    runTerminalCommand: 'shell',
    run_in_terminal: 'shell',
    read_file: 'read',
    create_file: 'write',
    editFiles: 'edit',
    replace_string_in_file: 'edit',
    file_search: 'glob',
    grep_search: 'grep',
    list_dir: 'ls',
    fetch_webpage: 'web_fetch',
  },
  toolAliases: ['run_in_terminal', 'replace_string_in_file'],
  timeout: { unit: 's', field: 'timeout', default: 30 },
  projectDir: { cwd: 'project', cwdWhy: 'VS Code sets no project-directory variable and runs a hook in the workspace (unless the entry sets "cwd")' },
  protocol: {
    exit2Blocks: ['pre-tool', 'post-tool', 'prompt-submit', 'stop', 'subagent-stop'],
    deny: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"..."}}',
  },
});
