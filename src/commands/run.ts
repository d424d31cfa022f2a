// `hookrun run`: event → settings → plan → exec → aggregate → render → exit code.
import type { Context } from '../context.js';
import { getDialect } from '../dialects/index.js';
import { type EventOptions, readEvent } from '../event/input.js';
import { runPlan } from '../exec/runner.js';
import { describePlan } from '../plan/describe.js';
import { writeJson } from '../render/json.js';
import { buildReport, renderPlanText, renderRunText } from '../render/report.js';
import type { IO } from '../io.js';

export interface RunCommandOptions extends EventOptions {
  dialect?: string;
  trustWorkspace?: boolean;
  dryRun?: boolean;
  json?: boolean;
  quiet?: boolean;
  graceMs?: number;
  maxOutputBytes?: number;
}

export async function runCommand(options: RunCommandOptions, ctx: Context, io: IO): Promise<number> {
  const dialect = await getDialect(options.dialect);
  const { event, input: raw } = await readEvent(options, dialect, io.stdin);
  const input = dialect.completeInput(event, raw, ctx);
  const config = await dialect.loadConfig(ctx, { trustWorkspace: options.trustWorkspace });
  const plan = dialect.plan(config, event, input);
  const description = describePlan(dialect, config, plan, input, ctx);

  if (options.dryRun) {
    io.stdout(`${JSON.stringify(description, null, options.json ? 2 : undefined)}\n`);
    if (!options.quiet) io.stderr(renderPlanText(description, io.colorStderr));
    return 0;
  }

  const results = await io.withInterrupt((signal) =>
    runPlan(dialect, plan, input, config, ctx, {
      signal,
      graceMs: options.graceMs,
      maxCaptureBytes: options.maxOutputBytes,
    }),
  );
  if (io.interrupted) {
    io.stderr(`hookrun: interrupted by ${io.interrupted}; every running hook was stopped\n`);
    return io.interrupted === 'SIGINT' ? 130 : io.interrupted === 'SIGHUP' ? 129 : 143;
  }
  const aggregate = dialect.aggregate(event, results);
  const outcome = dialect.outcome(event, aggregate.finalOutput);
  const report = buildReport(description, input, results, aggregate, outcome);

  // In pieces: a hook may have printed megabytes, which the merged output and the report carry.
  await writeJson(options.json ? report : report.output, io.stdout, { space: options.json ? 2 : undefined, drain: io.drainStdout });
  io.stdout('\n');
  if (!options.quiet) io.stderr(renderRunText(report, io.colorStderr));
  return report.exitCode;
}
