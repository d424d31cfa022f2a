// `hookrun trust`: show and manage the records that decide which project hooks run. Lists (read-only,
// never writes): the folder's trust decision, the rules of trustedFolders.json (hookrun's folder record,
// which is Gemini CLI's own: src/trust/folders.ts), the fingerprint records of the agent `trust` follows
// (the default dialect's Dialect.hookFingerprints: Gemini CLI's trusted_hooks.json), and which agents each
// record covers. Changes: --folder [path] (a rule), --hooks (record the project's hooks after showing each
// command), --revoke (remove either or both).
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { formatLocation, usageError } from '../../pipeline/errors.js';
import type { IO } from '../io.js';
import { makeChalk } from '../../render/color.js';
import { isTrustLevel, loadTrustedFolders, matchingRule, normalizeFolderKey, TRUST_LEVELS, type TrustLevel } from '../../trust/folders.js';
import { decideWorkspaceTrust } from '../../trust/workspace.js';
import type { JsonObject } from '../../pipeline/types.js';
import { DIALECT_NAMES, getDialect } from '../../dialects/index.js';
import type { HookFingerprints, TrustRecord } from '../../dialects/dialect.js';

export interface TrustCommandOptions {
  /** `--folder` alone is `true`; `--folder PATH` is the path. */
  folder?: string | boolean;
  level?: string;
  hooks?: boolean;
  revoke?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

export async function trustCommand(options: TrustCommandOptions, ctx: Context, io: IO): Promise<number> {
  const level = options.level ?? 'TRUST_FOLDER';
  if (!isTrustLevel(level)) throw usageError(`--level must be one of ${TRUST_LEVELS.join(', ')}, got "${level}"`);
  const folderTarget = typeof options.folder === 'string' ? options.folder : options.folder ? ctx.cwd : undefined;
  // `trust` has no --dialect: the fingerprints are those of the default dialect, when it keeps any.
  const dialect = await getDialect();
  const fingerprints = await dialect.hookFingerprints?.();
  if (options.hooks && !fingerprints) {
    throw usageError(`${dialect.agentName ?? dialect.name} records no project-hook fingerprints: there is nothing for --hooks to manage`);
  }
  if (options.revoke) return revoke(options, ctx, io, folderTarget, fingerprints);
  if (folderTarget === undefined && !options.hooks) return list(options, ctx, io, fingerprints);
  const covers = await coverage();

  const out: JsonObject = {};
  const lines: string[] = [];
  if (folderTarget !== undefined) {
    const key = normalizeFolderKey(ctx, folderTarget);
    if (options.dryRun) {
      lines.push(`Would set ${level} for ${key} in ${loadTrustedFolders(ctx).file}.`);
      out.folder = { key, level, written: false };
    } else {
      const { setFolderTrust } = await import('../../trust/folders-edit.js');
      const change = await setFolderTrust(ctx, folderTarget, level as TrustLevel);
      out.folder = change;
      lines.push(
        change.written
          ? `${change.previous ? `Changed ${change.previous} to` : 'Set'} ${level} for ${change.key} in ${change.file}.`
          : `${change.key} already has ${level} in ${change.file}; nothing written.`,
      );
      lines.push(`  (folder rules cover: ${covers.records['folder-rules'].join(', ') || 'no agent'})`);
    }
  }
  if (folderTarget !== undefined && !options.dryRun && level !== 'DO_NOT_TRUST') {
    const still = stillUntrusted(ctx, normalizeFolderKey(ctx, folderTarget), fingerprints);
    if (still) {
      lines.push(still);
      out.workspaceTrusted = false;
    }
  }
  if (folderTarget !== undefined && !options.hooks && level !== 'DO_NOT_TRUST') {
    const pending = fingerprints?.pendingNote(ctx, folderTarget);
    if (pending) {
      lines.push(pending.line);
      out.pendingHooks = pending.count;
    }
  }
  if (options.hooks && fingerprints) {
    const recorded = await fingerprints.record(ctx, { dryRun: options.dryRun === true, coveredBy: covers.records.fingerprints });
    Object.assign(out, recorded.json);
    lines.push(...recorded.lines);
  }
  print(io, options, out, lines);
  return 0;
}

/**
 * After a rule that trusts `key`: the workspace under it that the rules still leave untrusted (a closer
 * DO_NOT_TRUST rule, GEMINI_RESTRICTED_MODE), said at once, since its project hooks stay held back.
 */
function stillUntrusted(ctx: Context, key: string, fingerprints: HookFingerprints | undefined): string | undefined {
  const inside = ctx.cwd === key || ctx.cwd.startsWith(key.endsWith(path.sep) ? key : `${key}${path.sep}`);
  if (!inside) return undefined;
  const trust = fingerprints?.listing(ctx, false).trust ?? decideWorkspaceTrust(ctx);
  if (trust.trusted) return undefined;
  return `Note: ${ctx.cwd} is still not trusted (${trust.detail ?? trust.by}): its project hooks stay held back, and run answers list them in verdict.notRun.`;
}

async function revoke(options: TrustCommandOptions, ctx: Context, io: IO, folderTarget: string | undefined, fingerprints: HookFingerprints | undefined): Promise<number> {
  // --revoke alone: both, for the workspace. With --folder and/or --hooks: just those.
  const doFolder = folderTarget !== undefined || !options.hooks;
  const doHooks = options.hooks === true || folderTarget === undefined;
  const out: JsonObject = {};
  const lines: string[] = [];
  if (doFolder) {
    const target = folderTarget ?? ctx.cwd;
    const key = normalizeFolderKey(ctx, target);
    if (options.dryRun) {
      lines.push(`Would remove the rule for ${key} from ${loadTrustedFolders(ctx).file}.`);
      out.folder = { key, written: false };
    } else {
      const { setFolderTrust } = await import('../../trust/folders-edit.js');
      const change = await setFolderTrust(ctx, target, undefined);
      out.folder = change;
      lines.push(change.previous ? `Removed ${change.previous} for ${change.key} from ${change.file}.` : `No rule for ${change.key} in ${change.file}; nothing removed.`);
      const still = matchingRule(loadTrustedFolders(ctx).rules, { ...ctx, cwd: key });
      if (still && still.level !== 'DO_NOT_TRUST') {
        lines.push(`Note: ${key} is still trusted by ${still.level} "${still.path}" (${formatLocation(still.location)}).`);
      }
    }
  }
  if (doHooks && fingerprints) {
    const forgotten = await fingerprints.revoke(ctx, { dryRun: options.dryRun === true });
    out.hooks = forgotten.json;
    lines.push(...forgotten.lines);
  }
  print(io, options, out, lines);
  return 0;
}

/** Which agents each record decides for, and how the others trust their project hooks: from the registry. */
interface Coverage {
  records: Record<TrustRecord, string[]>;
  notes: { dialect: string; note: string }[];
}

async function coverage(): Promise<Coverage> {
  const records: Record<TrustRecord, string[]> = { 'folder-rules': [], fingerprints: [] };
  const notes: Coverage['notes'] = [];
  for (const dialect of await Promise.all(DIALECT_NAMES.map((name) => getDialect(name)))) {
    for (const record of dialect.trustRecords ?? []) records[record].push(dialect.name);
    if (dialect.trustNote) notes.push({ dialect: dialect.name, note: dialect.trustNote });
    else if ((dialect.trustRecords ?? []).length === 0) notes.push({ dialect: dialect.name, note: 'no record hookrun manages decides its project hooks' });
  }
  return { records, notes };
}

function coverageLines(covers: Coverage, bold: (text: string) => string): string[] {
  return [
    bold('Agents these records cover'),
    `  folder rules (trustedFolders.json): ${covers.records['folder-rules'].join(', ') || '(none)'}`,
    `  hook fingerprints (trusted_hooks.json): ${covers.records.fingerprints.join(', ') || '(none)'}`,
    ...covers.notes.map(({ dialect, note }) => `  ${dialect}: ${note}`),
  ];
}

async function list(options: TrustCommandOptions, ctx: Context, io: IO, fingerprints: HookFingerprints | undefined): Promise<number> {
  const covers = await coverage();
  const part = fingerprints?.listing(ctx, io.colorStdout);
  // Without fingerprints, the folder is trusted as every dialect without its own record decides it.
  const trust = part?.trust ?? decideWorkspaceTrust(ctx);
  const folders = loadTrustedFolders(ctx);
  if (options.json) {
    const data = {
      folder: { path: ctx.cwd, ...trust },
      trustedFolders: {
        file: folders.file,
        exists: folders.exists,
        rules: folders.rules.map((rule) => ({ path: rule.path, level: rule.level, line: rule.location.line, column: rule.location.column })),
      },
      ...part?.json,
      covers,
    };
    io.stdout(`${JSON.stringify(data, null, 2)}\n`);
    return 0;
  }
  const c = makeChalk(io.colorStdout);
  const lines: string[] = [];
  lines.push(c.bold(`Folder ${ctx.cwd}`));
  lines.push(`  ${trust.trusted ? c.green('trusted') : c.red('not trusted')}: ${trust.detail ?? trust.by}`);
  lines.push('');
  lines.push(c.bold(`Trusted folders (${folders.file}${folders.exists ? '' : ', not created yet'})`));
  if (folders.rules.length === 0) lines.push('  (no rules)');
  for (const rule of folders.rules) lines.push(`  ${rule.level.padEnd(12)} ${rule.path}`);
  lines.push('');
  if (part) lines.push(...part.lines, '');
  lines.push(...coverageLines(covers, c.bold));
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}

function print(io: IO, options: TrustCommandOptions, data: JsonObject, lines: string[]): void {
  if (options.json) io.stdout(`${JSON.stringify({ dryRun: options.dryRun === true, ...data }, null, 2)}\n`);
  else io.stdout(`${lines.join('\n')}\n`);
}
