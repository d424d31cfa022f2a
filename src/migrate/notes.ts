// Behaviour that differs per Gemini event whatever the hook does: said once per event that received hooks,
// so a user knows which scripts to review (gemini-hooks.md §3.7, §8; kiro-claude-hooks.md A.6, B.6).
import type { MigrationBuilder } from './result.js';

export function addEventNotes(out: MigrationBuilder, from: 'claude' | 'kiro'): void {
  const events = new Set(Object.keys(out.hooks));
  const agent = from === 'claude' ? 'Claude Code' : 'Kiro CLI';
  if (events.has('BeforeTool') && from === 'claude') {
    out.note({
      severity: 'warning',
      code: 'claude-output-fields',
      message:
        'BeforeTool: Gemini CLI does not read hookSpecificOutput.permissionDecision, permissionDecisionReason or updatedInput. ' +
        'Hooks that deny with exit 2 + stderr, or print {"decision":"block"|"deny","reason":...}, behave the same; others must be changed ' +
        '(Gemini rewrites input through hookSpecificOutput.tool_input).',
    });
  }
  if (events.has('AfterTool')) {
    out.note({
      severity: 'warning',
      code: 'exit-code-semantics',
      message: `AfterTool: in Gemini CLI exit 2 (or any exit code of 2 or more with output) replaces the tool result with a block; in ${agent} a post-tool hook cannot block.`,
    });
  }
  if (from === 'kiro' && events.has('AfterAgent')) {
    out.note({
      severity: 'warning',
      code: 'exit-code-semantics',
      message: 'AfterAgent: in Gemini CLI exit 2 (or any exit code of 2 or more with output) makes the agent retry the turn; in Kiro CLI a stop hook cannot block.',
    });
  }
  for (const event of ['BeforeAgent', 'SessionStart']) {
    if (!events.has(event)) continue;
    out.note({
      severity: 'warning',
      code: 'plain-stdout-context',
      message:
        `${event}: plain text on stdout becomes context for the model in ${agent}, but Gemini CLI shows it to the user as a systemMessage. ` +
        'To keep it as context, print {"hookSpecificOutput":{"additionalContext":"..."}}.',
    });
  }
  const deciding = ['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent'].filter((e) => events.has(e));
  if (deciding.length > 0) {
    out.note({
      severity: 'info',
      code: 'exit-codes',
      message: `${deciding.join(', ')}: Gemini CLI turns any exit code of 2 or more with plain-text output into a deny (a missing script, exit 127, blocks); ${agent} blocks only on exit code 2.`,
    });
  }
  if (events.size > 0) {
    out.note({
      severity: 'info',
      code: 'gemini-payload',
      message:
        'Hooks now receive Gemini CLI event JSON: tool names are Gemini\'s (run_shell_command, replace, ...) and the event names differ; review scripts that test tool_name or hook_event_name. ' +
        'Gemini CLI runs workspace hooks only in a trusted folder.',
    });
  }
}
