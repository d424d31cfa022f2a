// `hookrun run`: event → settings → plan → exec → aggregate → render → exit code.
import type { Context } from '../context.js';
import { getDialect } from '../dialects/index.js';
import { usageError } from '../errors.js';
import { type EventOptions, readEvent } from '../event/input.js';
import type { IO } from '../io.js';
import { executeEvent, planEvent } from '../pipeline.js';
import { renderPlanText, renderRunText } from '../render/report.js';

export interface RunCommandOptions extends EventOptions {
  dialect?: string;
  /** `--claude-version`: which Claude Code behaviour to follow. */
  agentVersion?: string;
  trustWorkspace?: boolean;
  /** Kiro: the agent whose hooks run (`--agent`). */
  agent?: string;
  /** False with `--no-cache`: the agent's result cache is neither read nor written. */
  cache?: boolean;
  dryRun?: boolean;
  json?: boolean;
  quiet?: boolean;
  graceMs?: number;
  maxOutputBytes?: number;
}

export async function runCommand(options: RunCommandOptions, ctx: Context, io: IO): Promise<number> {
  if (options.agentVersion !== undefined && options.dialect !== 'claude') {
    throw usageError('--claude-version applies to --dialect claude only');
  }
  const dialect = await getDialect(options.dialect);
  const { event, input: raw } = await readEvent(options, dialect, io.stdin);
  const planned = await planEvent(dialect, event, raw, ctx, {
    trustWorkspace: options.trustWorkspace,
    agent: options.agent,
    agentVersion: options.agentVersion,
  });
  const { description } = planned;

  if (options.dryRun) {
    io.stdout(`${JSON.stringify(description, null, options.json ? 2 : undefined)}\n`);
    if (!options.quiet) io.stderr(renderPlanText(description, io.colorStderr));
    return 0;
  }

  const cache = options.cache === false ? undefined : dialect.resultCache?.(planned.config, ctx);
  const report = await io.withInterrupt((signal) =>
    executeEvent(planned, ctx, {
      signal,
      graceMs: options.graceMs,
      maxCaptureBytes: options.maxOutputBytes,
      cache,
    }),
  );
  if (io.interrupted) {
    io.stderr(`hookrun: interrupted by ${io.interrupted}; every running hook was stopped\n`);
    return io.interrupted === 'SIGINT' ? 130 : io.interrupted === 'SIGHUP' ? 129 : 143;
  }

  io.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : `${JSON.stringify(report.output)}\n`);
  if (!options.quiet) io.stderr(renderRunText(report, io.colorStderr));
  return report.exitCode;
}
