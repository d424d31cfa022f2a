// `hookrun run`: event → settings → trust gate → plan → exec → aggregate → render → exit code.
import { applyFailClosed, type FailClosedResult } from '../aggregate/fail-closed.js';
import type { Context } from '../context.js';
import { getDialect } from '../dialects/index.js';
import { type EventOptions, readEvent } from '../event/input.js';
import { runPlan } from '../exec/runner.js';
import { describePlan } from '../plan/describe.js';
import { buildReport, renderPlanText, renderRunText } from '../render/report.js';
import { gateProjectHooks, holdBackReason, resolveHookTrustPolicy, type HookTrustGate } from '../trust/policy.js';
import type { IO } from '../io.js';

export interface RunCommandOptions extends EventOptions {
  dialect?: string;
  trustWorkspace?: boolean;
  dryRun?: boolean;
  json?: boolean;
  quiet?: boolean;
  graceMs?: number;
  maxOutputBytes?: number;
  /** `--hook-trust warn|block` (else HOOKRUN_HOOK_TRUST, else block). */
  hookTrust?: string;
  /** `--fail-closed`: a hook that fails to answer blocks the action. */
  failClosed?: boolean;
  /** `--clean-env`: hooks inherit only the basics (and what --env-allow names). */
  cleanEnv?: boolean;
  /** `--env-allow NAME`, repeatable. */
  envAllow?: string[];
}

export async function runCommand(options: RunCommandOptions, ctx: Context, io: IO): Promise<number> {
  const policy = resolveHookTrustPolicy(options.hookTrust, ctx);
  const dialect = await getDialect(options.dialect);
  const { event, input: raw } = await readEvent(options, dialect, io.stdin);
  const input = dialect.completeInput(event, raw, ctx);
  const config = await dialect.loadConfig(ctx, { trustWorkspace: options.trustWorkspace });
  if (options.cleanEnv || (options.envAllow?.length ?? 0) > 0) {
    config.envPolicy = { clean: options.cleanEnv === true, allow: options.envAllow ?? [] };
  }
  // Hook fingerprints are Gemini CLI's trust gate; the other agents have none (contract: other dialects).
  let gate: HookTrustGate | undefined;
  if (dialect.name === 'gemini') {
    gate = gateProjectHooks(ctx, config, policy);
    config.diagnostics.push(...gate.diagnostics);
  }
  const plan = dialect.plan(config, event, input);
  const description = describePlan(dialect, config, plan, input, ctx);
  for (const hook of plan.hooks) {
    const reason = holdBackReason(gate, hook.entry);
    if (reason !== undefined) description.hooks[hook.index]!.heldBack = reason;
  }

  if (options.dryRun) {
    io.stdout(`${JSON.stringify(description, null, options.json ? 2 : undefined)}\n`);
    if (!options.quiet) io.stderr(renderPlanText(description, io.colorStderr));
    return 0;
  }

  if (gate?.record && gate.assessment) {
    // `warn`, as Gemini CLI does: having warned, record every project hook so the warning is shown once.
    const { recordProjectHooks } = await import('../trust/edit.js');
    await recordProjectHooks(ctx, gate.assessment.hooks);
  }

  const results = await io.withInterrupt((signal) =>
    runPlan(dialect, plan, input, config, ctx, {
      signal,
      graceMs: options.graceMs,
      maxCaptureBytes: options.maxOutputBytes,
      holdBack: (hook) => holdBackReason(gate, hook.entry),
    }),
  );
  if (io.interrupted) {
    io.stderr(`hookrun: interrupted by ${io.interrupted}; every running hook was stopped\n`);
    return io.interrupted === 'SIGINT' ? 130 : io.interrupted === 'SIGHUP' ? 129 : 143;
  }
  const aggregate = dialect.aggregate(event, results);
  let finalOutput = aggregate.finalOutput;
  let failClosed: FailClosedResult | undefined;
  if (options.failClosed) {
    // Whether the agent acts on a block for this event, asked of the dialect's own outcome rule.
    const canBlock = dialect.outcome(event, { decision: 'block' }) === 'block';
    failClosed = applyFailClosed(results, finalOutput, event, canBlock);
    finalOutput = failClosed.output;
  }
  const outcome = dialect.outcome(event, finalOutput);
  const report = buildReport(
    description,
    input,
    results,
    { ...aggregate, ...(finalOutput ? { finalOutput } : {}) },
    outcome,
    failClosed && {
      applied: failClosed.applied,
      failures: failClosed.failures,
      ...(failClosed.note ? { note: failClosed.note } : {}),
    },
  );

  io.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : `${JSON.stringify(report.output)}\n`);
  if (!options.quiet) io.stderr(renderRunText(report, io.colorStderr));
  return report.exitCode;
}
