// VS Code's agent hooks (`--dialect vscode`, docs/vscode.md): Copilot Chat's local agent, reading
// `.github/hooks/*.json` and Claude Code's settings files. Each member delegates to the module under vscode/
// that holds the rule; the answers are Claude Code's vocabulary, merged by Claude's code.
import { defineDialect } from '../dialect.js';
import { CLAUDE_ANSWER_FORMAT } from '../claude/answer-format.js';
import { aggregateVscode, outcomeVscode, vscodeFailClosed } from './aggregate.js';
import { completeVscodeInput, VSCODE_EVENTS } from './events.js';
import { planVscode } from './plan.js';
import { interpretVscode, vscodeInvocation } from './run.js';
import { configuredAt } from './configured.js';
import { loadVscodeConfig } from './settings.js';

export const vscode = defineDialect({
  name: 'vscode',
  agentName: 'VS Code',
  events: VSCODE_EVENTS,
  completeInput: completeVscodeInput,
  loadConfig: loadVscodeConfig,
  plan: planVscode,
  invocation: vscodeInvocation,
  interpret: interpretVscode,
  aggregate: aggregateVscode,
  outcome: outcomeVscode,
  ...CLAUDE_ANSWER_FORMAT,
  failClosed: vscodeFailClosed,
  configuredAt,
  migrate: () => import('./migrate.js'),
  async validator() {
    const { VSCODE_FINDING_CODES, validateVscode } = await import('./validate.js');
    return { codes: VSCODE_FINDING_CODES, validate: (ctx, options) => validateVscode(ctx, { ignore: options.ignore }) };
  },
  noHookSwitch: 'VS Code has no per-hook switch hookrun edits: remove the hook from its file, or set its location to false in "chat.hookFilesLocations"',
});
