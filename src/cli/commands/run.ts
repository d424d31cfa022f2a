// `hookrun run`: event → settings → trust gate → plan → exec → aggregate → render → exit code.
import type { Context } from '../../pipeline/context.js';
import { chooseDialect } from '../../dialects/index.js';
import { type EventOptions, readEvent } from '../../pipeline/event/input.js';
import { writeJson } from '../../render/json.js';
import type { IO } from '../io.js';
import { type EventSettings, executeWith, planWith } from '../../pipeline/pipeline.js';
import { renderPlanText, renderQuietNews, renderRunText } from '../../render/report.js';

export interface RunCommandOptions extends EventOptions, EventSettings {
  dialect?: string;
  dryRun?: boolean;
  json?: boolean;
  quiet?: boolean;
}

export async function runCommand(options: RunCommandOptions, ctx: Context, io: IO): Promise<number> {
  const { dialect, note } = await chooseDialect(options.dialect, ctx);
  if (note && !options.quiet) io.stderr(`hookrun: ${note}\n`);
  const { event, input: raw } = await readEvent(options, dialect, io.stdin);
  const planned = await planWith(dialect, event, raw, ctx, options);
  const { description } = planned;

  if (options.dryRun) {
    io.stdout(`${JSON.stringify(description, null, options.json ? 2 : undefined)}\n`);
    if (!options.quiet) io.stderr(renderPlanText(description, io.colorStderr));
    return 0;
  }

  const report = await io.withInterrupt((signal) => executeWith(planned, ctx, options, signal));
  if (io.interrupted) {
    io.stderr(`hookrun: interrupted by ${io.interrupted}; every running hook was stopped\n`);
    return io.interrupted === 'SIGINT' ? 130 : io.interrupted === 'SIGHUP' ? 129 : 143;
  }

  // In pieces: a hook may have printed megabytes, which the merged output and the report carry.
  await writeJson(options.json ? report : report.output, io.stdout, { space: options.json ? 2 : undefined, drain: io.drainStdout });
  io.stdout('\n');
  if (!options.quiet) io.stderr(renderRunText(report, io.colorStderr, dialect.answerWords));
  else {
    const news = renderQuietNews(report, io.colorStderr);
    if (news !== '') io.stderr(news);
  }
  return report.exitCode;
}
