// One event through the pipeline, shared by `run` and `test`: complete the input, load the
// configuration, plan (pure), then run, merge and decide. Splitting plan from execution is what
// lets `--dry-run` show the very plan that a real run executes.
import type { Context } from './context.js';
import type { Dialect, LoadOptions } from './dialects/dialect.js';
import { type RunOptions, runPlan } from './exec/runner.js';
import { describePlan, type PlanDescription } from './plan/describe.js';
import { buildReport, type RunReport } from './render/report.js';
import type { JsonObject, Plan, ResolvedConfig } from './types.js';

export interface PlannedEvent {
  dialect: Dialect;
  event: string;
  /** The event as the hooks receive it: base fields filled by the dialect. */
  input: JsonObject;
  config: ResolvedConfig;
  plan: Plan;
  description: PlanDescription;
}

/** Completes the raw event (an input error when a field has the wrong type), loads the config, plans. */
export async function planEvent(
  dialect: Dialect,
  event: string,
  raw: JsonObject,
  ctx: Context,
  load: LoadOptions,
): Promise<PlannedEvent> {
  const input = dialect.completeInput(event, raw, ctx);
  const config = await dialect.loadConfig(ctx, load);
  if (typeof input.cwd === 'string' && input.cwd !== ctx.cwd) {
    config.diagnostics.push({
      code: 'event-cwd-differs',
      severity: 'warning',
      message: `the event's cwd "${input.cwd}" is not the workspace "${ctx.cwd}"; hooks run in the workspace and see the event's cwd on stdin (use -C to choose the workspace)`,
    });
  }
  const plan = dialect.plan(config, event, input);
  const description = describePlan(dialect, config, plan, input, ctx);
  return { dialect, event, input, config, plan, description };
}

/** Runs the planned hooks, merges their answers as the agent does and builds the report. */
export async function executeEvent(planned: PlannedEvent, ctx: Context, options: RunOptions): Promise<RunReport> {
  const { dialect, event, input, config, plan, description } = planned;
  const results = await runPlan(dialect, plan, input, config, ctx, options);
  const aggregate = dialect.aggregate(event, results);
  const outcome = dialect.outcome(event, aggregate.finalOutput);
  const report = buildReport(description, input, results, aggregate, outcome);
  if (options.cache) report.notes.push(...options.cache.notes);
  return report;
}
