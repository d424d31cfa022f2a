// `hookrun explain`: event → settings (every configured hook, registered or not) → the planner `run`
// uses → for each hook of the event: fires or not, and why. Runs nothing.
import type { Context } from '../../pipeline/context.js';
import { chooseDialect } from '../../dialects/index.js';
import { type EventOptions, readEvent } from '../../pipeline/event/input.js';
import type { IO } from '../io.js';
import { describePlan } from '../../pipeline/describe.js';
import { explainPlan } from '../../pipeline/explain.js';
import { renderExplainDiagnostics, renderExplainText } from '../../render/explain.js';

export interface ExplainCommandOptions extends EventOptions {
  dialect?: string;
  trustWorkspace?: boolean;
  /** Kiro: the agent whose hooks to explain (`--agent`). */
  agent?: string;
  /** Claude: the Claude Code version whose rules apply (`--claude-version`). */
  claudeVersion?: string;
  /** Gemini: the Gemini CLI release whose rules apply (`--gemini-version`). */
  geminiVersion?: string;
  json?: boolean;
}

export async function explainCommand(options: ExplainCommandOptions, ctx: Context, io: IO): Promise<number> {
  const { dialect, note } = await chooseDialect(options.dialect, ctx);
  if (note) io.stderr(`hookrun: ${note}\n`);
  const { event, input: raw } = await readEvent(options, dialect, io.stdin);
  const input = dialect.completeInput(event, raw, ctx);
  const config = await dialect.loadConfig(ctx, {
    trustWorkspace: options.trustWorkspace,
    keepInactive: true,
    event,
    agent: options.agent,
    claudeVersion: options.claudeVersion,
    geminiVersion: options.geminiVersion,
  });
  const plan = dialect.plan(config, event, input);
  const explanation = explainPlan(dialect, config, plan, describePlan(dialect, config, plan, input, ctx), input);
  if (options.json) {
    io.stdout(`${JSON.stringify(explanation, null, 2)}\n`);
  } else {
    io.stderr(renderExplainDiagnostics(explanation, io.colorStderr));
    io.stdout(renderExplainText(explanation, io.colorStdout));
  }
  return 0;
}
