// `hookrun run`: event → settings → trust gate → plan → exec → aggregate → render → exit code.
import type { Context } from '../context.js';
import { DEFAULT_DIALECT, resolveDialect } from '../dialects/index.js';
import { type EventOptions, readEvent } from '../event/input.js';
import { writeJson } from '../render/json.js';
import type { IO } from '../io.js';
import { executeEvent, planEvent } from '../pipeline.js';
import { renderPlanText, renderRunText } from '../render/report.js';

export interface RunCommandOptions extends EventOptions {
  dialect?: string;
  trustWorkspace?: boolean;
  /** Kiro: the agent whose hooks run (`--agent`). */
  agent?: string;
  /** Claude: the Claude Code version whose behaviour to follow (`--claude-version`). */
  agentVersion?: string;
  /** False with `--no-cache`: the agent's result cache is neither read nor written. */
  cache?: boolean;
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
  const { dialect, note } = await resolveDialect(options.dialect ?? DEFAULT_DIALECT, ctx);
  if (note && !options.quiet) io.stderr(`hookrun: ${note}\n`);
  const { event, input: raw } = await readEvent(options, dialect, io.stdin);
  const narrowed = options.cleanEnv || (options.envAllow?.length ?? 0) > 0;
  const planned = await planEvent(
    dialect,
    event,
    raw,
    ctx,
    { trustWorkspace: options.trustWorkspace, agent: options.agent, agentVersion: options.agentVersion },
    {
      hookTrust: options.hookTrust,
      ...(narrowed ? { envPolicy: { clean: options.cleanEnv === true, allow: options.envAllow ?? [] } } : {}),
    },
  );
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
      failClosed: options.failClosed,
      ...(cache ? { cache } : {}),
    }),
  );
  if (io.interrupted) {
    io.stderr(`hookrun: interrupted by ${io.interrupted}; every running hook was stopped\n`);
    return io.interrupted === 'SIGINT' ? 130 : io.interrupted === 'SIGHUP' ? 129 : 143;
  }

  // In pieces: a hook may have printed megabytes, which the merged output and the report carry.
  await writeJson(options.json ? report : report.output, io.stdout, { space: options.json ? 2 : undefined, drain: io.drainStdout });
  io.stdout('\n');
  if (!options.quiet) io.stderr(renderRunText(report, io.colorStderr));
  return report.exitCode;
}
