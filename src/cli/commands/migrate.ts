// `hookrun migrate --from A [--to B] [--write]`: read A's hooks into the neutral model (A's adapter), write
// them as B's file (B's adapter), print the result, or merge it into that one file.
import fs from 'node:fs';
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { configError, HookrunError, usageError } from '../../pipeline/errors.js';
import type { IO } from '../io.js';
import { DEFAULT_DIALECT } from '../../dialects/names.js';
import { agentsTaking, migrationAdapter } from '../../migrate/adapters.js';
import { NoteList } from '../../migrate/model.js';
import { readEditableSync } from '../../files/editable.js';
import { writeFileAtomic } from '../../files/atomic.js';
import { withSettingsLock } from '../../files/lock.js';
import { buildMigrateReport, renderMigrateText, type WriteSummary } from '../../render/migrate.js';
import type { AgentName } from '../../migrate/vocabulary.js';

/** A file migrate creates is a settings file like any other: 0644, whatever the umask. */
const MIGRATED_FILE = { newFileMode: 0o644, makeParents: true } as const;

export interface MigrateOptions {
  from: string;
  /** Default gemini. */
  to?: string;
  write?: boolean;
  json?: boolean;
  quiet?: boolean;
  /** Kiro: which agent. */
  agent?: string;
  /** Claude: which Claude Code behaviour the source was written for. */
  claudeVersion?: string;
}

export async function migrateCommand(options: MigrateOptions, ctx: Context, io: IO): Promise<number> {
  const to = options.to ?? DEFAULT_DIALECT;
  const source = await migrationAdapter(options.from);
  for (const [option, flag] of [
    ['agent', '--agent'],
    ['claudeVersion', '--claude-version'],
  ] as const) {
    if (options[option] !== undefined && !source.takes?.includes(option)) throw usageError(`${flag} applies to --from ${(await agentsTaking(option)).join(', ')} only`);
  }
  // An agent to itself is nothing to convert, unless its adapter says otherwise (Kiro: agent files to hook files).
  if (options.from === to && !source.toItself) throw usageError(`--from and --to are both ${to}: nothing to convert`);
  const target = await migrationAdapter(to);
  const model = source.read(ctx, { agent: options.agent, claudeVersion: options.claudeVersion, to: to as AgentName });
  const notes = new NoteList();
  const plan = target.write(model, ctx, notes);
  const findings = [...model.findings, ...notes.findings];
  const carried = plan.carried;

  let written: WriteSummary | undefined;
  if (options.write) {
    // A first look without the lock decides whether there is anything to write (a no-op creates nothing);
    // the write itself re-reads and re-merges under the file's lock, the one `hookrun disable` takes, so an
    // edit another process makes meanwhile is merged into, never overwritten. One file, replaced atomically.
    let original = readEditableSync(plan.file);
    let merge = plan.merge(original);
    if (merge.added > 0) {
      await ensureDirectory(path.dirname(plan.file), plan.file);
      await withSettingsLock(plan.file, () => {
        original = readEditableSync(plan.file);
        merge = plan.merge(original);
        if (merge.added > 0) writeFileAtomic(plan.file, merge.text, MIGRATED_FILE);
      }).catch((error: unknown) => {
        throw asWriteError(error, plan.file);
      });
    }
    written = { file: plan.file, added: merge.added, alreadyPresent: merge.present, changed: merge.added > 0 };
    findings.push(...(plan.afterWrite?.(original, ctx) ?? []));
  }
  const report = buildMigrateReport(
    {
      from: model.from,
      to: to as AgentName,
      sources: model.sources,
      file: plan.file,
      fragment: plan.fragment,
      counts: { found: model.counts.found, carried, skipped: model.counts.found - carried },
      findings,
    },
    written,
  );
  if (options.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  else if (!options.write) io.stdout(`${JSON.stringify(report.settings, null, 2)}\n`);
  if (!options.quiet) io.stderr(renderMigrateText(report, io.colorStderr));
  return 0;
}

/** Creates the target's directory, turning a failure (read-only parent, a file in the way) into a clear error. */
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
