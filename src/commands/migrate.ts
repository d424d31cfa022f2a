// `hookrun migrate --from claude|kiro [--write]`: read the other agent's hooks → translate → print, or
// merge into the workspace's .gemini/settings.json.
import fs from 'node:fs';
import path from 'node:path';
import { type Context, geminiHome } from '../context.js';
import { resolveClaudeProfile } from '../dialects/claude/version.js';
import { configError, HookrunError, usageError } from '../errors.js';
import type { IO } from '../io.js';
import { migrateClaude } from '../dialects/claude/migrate.js';
import { migrateKiro } from '../dialects/kiro/migrate.js';
import { hooksDisabledIn, mergeHooksIntoSettings, writeFileAtomic } from '../migrate/write.js';
import { readEditableSync } from '../settings/editable.js';
import { withFileLock } from '../settings/write.js';
import { buildMigrateReport, renderMigrateText, type WriteSummary } from '../render/migrate.js';

export interface MigrateOptions {
  from: string;
  write?: boolean;
  json?: boolean;
  quiet?: boolean;
  /** Kiro: which agent. */
  agent?: string;
  /** Claude: which Claude Code behaviour the source was written for. */
  claudeVersion?: string;
}

export async function migrateCommand(options: MigrateOptions, ctx: Context, io: IO): Promise<number> {
  if (options.from === 'claude' && options.agent !== undefined) throw usageError('--agent applies to --from kiro only');
  if (options.from === 'kiro' && options.claudeVersion !== undefined) throw usageError('--claude-version applies to --from claude only');
  const result =
    options.from === 'claude'
      ? migrateClaude(ctx, resolveClaudeProfile(options.claudeVersion, ctx.env))
      : options.from === 'kiro'
        ? migrateKiro(ctx, options.agent)
        : undefined;
  if (!result) throw usageError(`--from must be claude or kiro, got "${options.from}"`);

  const target = path.join(ctx.cwd, '.gemini', 'settings.json');
  let written: WriteSummary | undefined;
  if (options.write) {
    // A first look without the lock decides whether there is anything to write (a no-op creates nothing);
    // the write itself re-reads and re-merges under the settings lock, the one `hookrun disable` takes,
    // so an edit another process makes meanwhile is merged into, never overwritten.
    let original = readEditableSync(target);
    let merge = mergeHooksIntoSettings(original, target, result.hooks);
    if (merge.added > 0) {
      await ensureDirectory(path.dirname(target), target);
      await withFileLock(target, () => {
        original = readEditableSync(target);
        merge = mergeHooksIntoSettings(original, target, result.hooks);
        if (merge.added > 0) writeFileAtomic(target, merge.text);
      }).catch((error: unknown) => {
        throw asWriteError(error, target);
      });
    }
    written = { file: target, added: merge.added, alreadyPresent: merge.present, changed: merge.added > 0 };
    if (hooksDisabledIn(original)) {
      result.findings.push({ severity: 'warning', code: 'hooks-disabled', message: `${target} sets hooksConfig.enabled to false: Gemini CLI runs none of these hooks` });
    }
    if (sameDirectory(ctx.cwd, geminiHome(ctx))) {
      result.findings.push({ severity: 'warning', code: 'workspace-is-home', message: `${target} is your user settings file (the workspace is the home directory): the hooks apply to every project` });
    }
  }
  const report = buildMigrateReport(result, written);
  if (options.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  else if (!options.write) io.stdout(`${JSON.stringify(report.settings, null, 2)}\n`);
  if (!options.quiet) io.stderr(renderMigrateText(report, target, io.colorStderr));
  return 0;
}

function sameDirectory(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
}

/** Creates the settings directory, turning a failure (read-only parent, a file in the way) into a clear error. */
async function ensureDirectory(dir: string, file: string): Promise<void> {
  try {
    await fs.promises.mkdir(dir, { recursive: true });
  } catch (error) {
    throw asWriteError(error, file);
  }
}

/** A failed write as the user should see it: `cannot write <file>: <reason>` (exit 1), not a stack trace. */
function asWriteError(error: unknown, file: string): HookrunError {
  if (error instanceof HookrunError) return error;
  return configError(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}; nothing was changed`);
}
