// One event through the pipeline, shared by `run` and `test`: complete the input, load the
// configuration, apply hookrun's own gates (hook fingerprints, environment policy), plan (pure),
// then run, merge and decide. Splitting plan from execution is what lets `--dry-run` show the very
// plan that a real run executes.
import { applyFailClosed, type FailClosedResult } from './fail-closed.js';
import { buildVerdict, notRunOf, unplannedFailures } from './verdict.js';
import type { Context } from './context.js';
import type { Dialect, LoadOptions } from '../dialects/dialect.js';
import { type RunOptions, runPlan } from '../exec/runner.js';
import { describePlan, type PlanDescription } from './describe.js';
import { type NotRunHook, unplannedHooks } from './not-run.js';
import { buildReport, type RunReport } from '../render/report.js';
import type { LoadConfig } from '../serve/kept.js';
import { holdBackReason, type HookTrustGate } from '../trust/policy.js';
import type { EventSettings } from './options.js';
import type { EnvPolicy, JsonObject, Plan, ResolvedConfig } from './types.js';

export interface PlannedEvent {
  dialect: Dialect;
  event: string;
  /** The event as the hooks receive it: base fields filled by the dialect. */
  input: JsonObject;
  config: ResolvedConfig;
  plan: Plan;
  description: PlanDescription;
  /** The project-hook fingerprint gate, for a dialect whose agent has one (Gemini CLI). */
  gate?: HookTrustGate;
  /** Hooks of the event this call would fire that the agent does not register or plan (untrusted folder, switched off). */
  unplanned: NotRunHook[];
}

/** hookrun's own rules on top of the agent's, chosen by the user. */
export interface RunPolicy {
  /** `--hook-trust block|warn` (else $HOOKRUN_HOOK_TRUST, else block). */
  hookTrust?: string;
  /** `--clean-env` / `--env-allow`. */
  envPolicy?: EnvPolicy;
}

/**
 * Completes the raw event (an input error when a field has the wrong type), loads the config, gates, plans.
 * `loadConfig`: a resident caller's kept configurations (src/serve/kept.ts); default a fresh load.
 */
export async function planEvent(
  dialect: Dialect,
  event: string,
  raw: JsonObject,
  ctx: Context,
  load: LoadOptions,
  policy: RunPolicy = {},
  loadConfig: LoadConfig = (dialect, ctx, options) => dialect.loadConfig(ctx, options),
): Promise<PlannedEvent> {
  const input = dialect.completeInput(event, raw, ctx);
  // keepInactive: the hooks an untrusted folder or a switch leaves out, for the verdict's notRun.
  const config = await loadConfig(dialect, ctx, { ...load, event, keepInactive: true });
  if (typeof input.cwd === 'string' && input.cwd !== ctx.cwd) {
    config.diagnostics.push({
      code: 'event-cwd-differs',
      severity: 'warning',
      message: `the event's cwd "${input.cwd}" is not the workspace "${ctx.cwd}"; hooks run in the workspace and see the event's cwd on stdin (use -C to choose the workspace)`,
    });
  }
  if (policy.envPolicy) config.envPolicy = policy.envPolicy;
  // Project-hook fingerprints: a dialect whose agent has them says so (docs/safety.md "Trust in every dialect").
  const gate = dialect.gateProjectHooks?.(ctx, config, policy.hookTrust);
  if (gate) config.diagnostics.push(...gate.diagnostics);
  const plan = dialect.plan(config, event, input);
  if (plan.warnings) config.diagnostics.push(...plan.warnings);
  const description = describePlan(dialect, config, plan, input, ctx);
  for (const hook of plan.hooks) {
    const reason = holdBackReason(gate, hook.entry);
    if (reason !== undefined) description.hooks[hook.index]!.heldBack = reason;
  }
  const planned: PlannedEvent = { dialect, event, input, config, plan, description, unplanned: unplannedHooks(dialect, config, plan, input) };
  if (gate) planned.gate = gate;
  return planned;
}

export interface ExecuteOptions extends RunOptions {
  /** `--fail-closed`: a hook that fails to answer blocks the action. */
  failClosed?: boolean;
}

/** Runs the planned hooks, merges their answers as the agent does and builds the report. */
export async function executeEvent(planned: PlannedEvent, ctx: Context, options: ExecuteOptions): Promise<RunReport> {
  const { dialect, event, input, config, plan, description, gate } = planned;
  // `warn`, as Gemini CLI does: having warned, record every project hook so the warning is shown once.
  if (gate?.record) await gate.record();
  const { results, agentError, endedEarly } = await runPlan(dialect, plan, input, config, ctx, {
    ...options,
    holdBack: (hook) => holdBackReason(gate, hook.entry),
  });
  const aggregate = dialect.aggregate(event, results, config);
  if (agentError) {
    delete aggregate.finalOutput;
    aggregate.success = false;
    aggregate.agentError = agentError;
  }
  let finalOutput = aggregate.finalOutput;
  const notRun = notRunOf(planned.unplanned, config.diagnostics, results);
  let failClosed: FailClosedResult | undefined;
  if (options.failClosed) {
    failClosed = applyFailClosed(results, finalOutput, event, dialect.failClosed, config, unplannedFailures(notRun));
    finalOutput = failClosed.output;
  }
  const outcome = dialect.outcome(event, finalOutput, config);
  const verdict = buildVerdict(dialect, event, outcome, finalOutput ?? {}, notRun);
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
    dialect.agentName,
    verdict,
  );
  if (options.cache) report.notes.push(...options.cache.notes);
  if (endedEarly) report.endedEarly = endedEarly;
  return report;
}

export type { EventSettings } from './options.js';

/** {@link planEvent} with the options as `run` takes them. */
export function planWith(dialect: Dialect, event: string, raw: JsonObject, ctx: Context, settings: EventSettings, loadConfig?: LoadConfig): Promise<PlannedEvent> {
  const narrowed = settings.cleanEnv === true || (settings.envAllow?.length ?? 0) > 0;
  return planEvent(
    dialect,
    event,
    raw,
    ctx,
    {
      trustWorkspace: settings.trustWorkspace,
      agent: settings.agent,
      claudeVersion: settings.claudeVersion,
      geminiVersion: settings.geminiVersion,
      thirdPartyHooks: settings.thirdPartyHooks,
    },
    {
      hookTrust: settings.hookTrust,
      ...(narrowed ? { envPolicy: { clean: settings.cleanEnv === true, allow: settings.envAllow ?? [] } } : {}),
    },
    loadConfig,
  );
}

/** {@link executeEvent} with the options as `run` takes them; `signal` stops every running hook. */
export function executeWith(planned: PlannedEvent, ctx: Context, settings: EventSettings, signal?: AbortSignal): Promise<RunReport> {
  const cache = settings.cache === false ? undefined : planned.dialect.resultCache?.(planned.config, ctx);
  return executeEvent(planned, ctx, {
    ...(signal ? { signal } : {}),
    graceMs: settings.grace,
    maxCaptureBytes: settings.maxOutput,
    failClosed: settings.failClosed,
    contain: settings.contain,
    ...(cache ? { cache } : {}),
  });
}
