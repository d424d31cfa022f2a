// `hookrun trust`: show and manage what Gemini CLI trusts. Lists (read-only, never writes): the folder's
// trust decision, the rules of trustedFolders.json, the workspace's project hooks with their fingerprint
// status, every recorded fingerprint. Changes: --folder [path] (a rule), --hooks (record the project's
// hooks after showing each command), --revoke (remove either or both).
import type { Context } from '../context.js';
import { formatLocation, usageError } from '../errors.js';
import type { IO } from '../io.js';
import { makeChalk } from '../render/color.js';
import { geminiSettingsPaths, loadSettingsLayers, type SettingsLayer } from '../dialects/gemini/settings/load.js';
import { mergeSettings } from '../dialects/gemini/settings/merge.js';
import { settingsDefaults } from '../dialects/gemini/settings/schema-check.js';
import {
  decideFolderTrust,
  isTrustLevel,
  loadTrustedFolders,
  matchingRule,
  normalizeFolderKey,
  TRUST_LEVELS,
  type TrustLevel,
} from '../dialects/gemini/trust/folders.js';
import {
  assessProjectHooks,
  describeStatus,
  loadTrustedHooks,
  loadTrustedScripts,
  projectHooksOf,
  type AssessedHook,
  type HookTrustAssessment,
} from '../dialects/gemini/trust/hooks.js';
import { resolveHookTrustPolicy, trustHooksCommand } from '../trust/policy.js';
import type { JsonObject, TrustDecision } from '../types.js';
import { DIALECT_NAMES, getDialect } from '../dialects/index.js';
import type { TrustRecord } from '../dialects/dialect.js';

export interface TrustCommandOptions {
  /** `--folder` alone is `true`; `--folder PATH` is the path. */
  folder?: string | boolean;
  level?: string;
  hooks?: boolean;
  revoke?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

interface Workspace {
  settingsFile: string;
  layers: SettingsLayer[];
  trust: TrustDecision;
  assessment: HookTrustAssessment;
}

export async function trustCommand(options: TrustCommandOptions, ctx: Context, io: IO): Promise<number> {
  const level = options.level ?? 'TRUST_FOLDER';
  if (!isTrustLevel(level)) throw usageError(`--level must be one of ${TRUST_LEVELS.join(', ')}, got "${level}"`);
  const folderTarget = typeof options.folder === 'string' ? options.folder : options.folder ? ctx.cwd : undefined;
  if (options.revoke) return revoke(options, ctx, io, folderTarget);
  if (folderTarget === undefined && !options.hooks) return list(options, ctx, io);
  const covers = await coverage();

  const out: JsonObject = {};
  const lines: string[] = [];
  if (folderTarget !== undefined) {
    const key = normalizeFolderKey(ctx, folderTarget);
    if (options.dryRun) {
      lines.push(`Would set ${level} for ${key} in ${loadTrustedFolders(ctx).file}.`);
      out.folder = { key, level, written: false };
    } else {
      const { setFolderTrust } = await import('../dialects/gemini/trust/edit.js');
      const change = await setFolderTrust(ctx, folderTarget, level);
      out.folder = change;
      lines.push(
        change.written
          ? `${change.previous ? `Changed ${change.previous} to` : 'Set'} ${level} for ${change.key} in ${change.file}.`
          : `${change.key} already has ${level} in ${change.file}; nothing written.`,
      );
      lines.push(`  (folder rules cover: ${covers.records['folder-rules'].join(', ') || 'no agent'})`);
    }
  }
  if (folderTarget !== undefined && !options.hooks && level !== 'DO_NOT_TRUST') {
    const pending = pendingHooksNote(ctx, folderTarget);
    if (pending) {
      lines.push(pending.line);
      out.pendingHooks = pending.count;
    }
  }
  if (options.hooks) {
    const workspace = inspectWorkspace(ctx);
    const hooks = workspace.assessment.hooks;
    out.projectRoot = workspace.assessment.projectRoot;
    out.hooks = hooks.map(hookJson);
    lines.push(...describeHooks(workspace, hooks));
    if (hooks.length > 0) {
      const pending = hooks.filter((hook) => hook.status !== 'trusted');
      if (options.dryRun) {
        lines.push(`Would record ${pending.length} new or changed hook(s) as trusted in ${workspace.assessment.hooksFile.file}.`);
        out.recorded = { written: false };
      } else {
        const { recordProjectHooks } = await import('../dialects/gemini/trust/edit.js');
        const change = await recordProjectHooks(ctx, hooks);
        out.recorded = change;
        lines.push(
          change.written
            ? `Recorded ${hooks.length} project hook(s) of ${change.projectRoot} as trusted in ${change.hooksFile}` +
                (change.scripts.length > 0 ? ` (script hashes in ${change.scriptsFile}).` : '.')
            : `All ${hooks.length} project hook(s) were already trusted; nothing written.`,
        );
        lines.push(`  (hook fingerprints cover: ${covers.records.fingerprints.join(', ') || 'no agent'})`);
      }
    }
    if (!workspace.trust.trusted) {
      lines.push(
        `Note: ${ctx.cwd} is not a trusted folder (${workspace.trust.detail ?? workspace.trust.by}), so its settings hooks do not run; trust it with: hookrun trust --folder`,
      );
    }
  }
  print(io, options, out, lines);
  return 0;
}

async function revoke(options: TrustCommandOptions, ctx: Context, io: IO, folderTarget: string | undefined): Promise<number> {
  // --revoke alone: both, for the workspace. With --folder and/or --hooks: just those.
  const doFolder = folderTarget !== undefined || !options.hooks;
  const doHooks = options.hooks === true || folderTarget === undefined;
  const out: JsonObject = {};
  const lines: string[] = [];
  const { revokeProjectHooks, setFolderTrust } = await import('../dialects/gemini/trust/edit.js');
  if (doFolder) {
    const target = folderTarget ?? ctx.cwd;
    const key = normalizeFolderKey(ctx, target);
    if (options.dryRun) {
      lines.push(`Would remove the rule for ${key} from ${loadTrustedFolders(ctx).file}.`);
      out.folder = { key, written: false };
    } else {
      const change = await setFolderTrust(ctx, target, undefined);
      out.folder = change;
      lines.push(
        change.previous
          ? `Removed ${change.previous} for ${change.key} from ${change.file}.`
          : `No rule for ${change.key} in ${change.file}; nothing removed.`,
      );
      const still = matchingRule(loadTrustedFolders(ctx).rules, { ...ctx, cwd: key });
      if (still && still.level !== 'DO_NOT_TRUST') {
        lines.push(`Note: ${key} is still trusted by ${still.level} "${still.path}" (${formatLocation(still.location)}).`);
      }
    }
  }
  if (doHooks) {
    if (options.dryRun) {
      lines.push(`Would forget the hook fingerprints of ${ctx.cwd}.`);
      out.hooks = { written: false };
    } else {
      const change = await revokeProjectHooks(ctx);
      out.hooks = change;
      lines.push(
        change.written
          ? `Forgot ${change.removed.length} hook fingerprint(s) of ${change.projectRoot} in ${change.hooksFile}.`
          : `No hook fingerprints recorded for ${change.projectRoot}; nothing removed.`,
      );
    }
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

async function list(options: TrustCommandOptions, ctx: Context, io: IO): Promise<number> {
  const covers = await coverage();
  const workspace = inspectWorkspace(ctx);
  const folders = loadTrustedFolders(ctx);
  const hooksFile = loadTrustedHooks(ctx);
  const scriptsFile = loadTrustedScripts(ctx);
  const policy = resolveHookTrustPolicy(undefined, ctx);
  if (options.json) {
    const data = {
      folder: { path: ctx.cwd, ...workspace.trust },
      trustedFolders: {
        file: folders.file,
        exists: folders.exists,
        rules: folders.rules.map((rule) => ({ path: rule.path, level: rule.level, line: rule.location.line, column: rule.location.column })),
      },
      trustedHooks: {
        file: hooksFile.file,
        exists: hooksFile.exists,
        projects: hooksFile.projects,
        ...(hooksFile.problem ? { problem: problemJson(hooksFile.problem) } : {}),
      },
      trustedScripts: {
        file: scriptsFile.file,
        exists: scriptsFile.exists,
        projects: scriptsFile.projects,
        ...(scriptsFile.problem ? { problem: problemJson(scriptsFile.problem) } : {}),
      },
      projectHooks: { file: workspace.settingsFile, projectRoot: workspace.assessment.projectRoot, hooks: workspace.assessment.hooks.map(hookJson) },
      hookTrustPolicy: policy,
      covers,
    };
    io.stdout(`${JSON.stringify(data, null, 2)}\n`);
    return 0;
  }
  const c = makeChalk(io.colorStdout);
  const lines: string[] = [];
  lines.push(c.bold(`Folder ${ctx.cwd}`));
  lines.push(`  ${workspace.trust.trusted ? c.green('trusted') : c.red('not trusted')}: ${workspace.trust.detail ?? workspace.trust.by}`);
  lines.push('');
  lines.push(c.bold(`Trusted folders (${folders.file}${folders.exists ? '' : ', not created yet'})`));
  if (folders.rules.length === 0) lines.push('  (no rules)');
  for (const rule of folders.rules) lines.push(`  ${rule.level.padEnd(12)} ${rule.path}`);
  lines.push('');
  lines.push(...describeHooks(workspace, workspace.assessment.hooks));
  const pending = workspace.assessment.hooks.filter((hook) => hook.status !== 'trusted');
  if (pending.length > 0) lines.push(`To trust them after review: ${trustHooksCommand(ctx)}   (policy for run: ${policy})`);
  lines.push('');
  lines.push(c.bold(`Hook fingerprints (${hooksFile.file}${hooksFile.exists ? '' : ', not created yet'})`));
  if (hooksFile.problem) lines.push(`  ${c.red('invalid')}: ${formatLocation(hooksFile.problem.location)}: ${hooksFile.problem.message}`);
  const projects = Object.entries(hooksFile.projects);
  if (projects.length === 0 && !hooksFile.problem) lines.push('  (none)');
  for (const [project, keys] of projects) {
    lines.push(`  ${project}`);
    for (const key of keys) lines.push(`    ${key}`);
  }
  if (scriptsFile.problem) lines.push(`  ${c.red('invalid')}: ${formatLocation(scriptsFile.problem.location)}: ${scriptsFile.problem.message}`);
  lines.push('', ...coverageLines(covers, c.bold));
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}

/**
 * Trusting a folder is not enough for Gemini's project hooks: under the `block` policy each one needs its
 * fingerprint recorded too (`trust --hooks`). Said at once, so the user does not find out from a guard that never ran.
 */
function pendingHooksNote(ctx: Context, folder: string): { line: string; count: number } | undefined {
  const target = { ...ctx, cwd: normalizeFolderKey(ctx, folder) };
  let workspace: Workspace;
  try {
    workspace = inspectWorkspace(target);
  } catch {
    return undefined;
  }
  const pending = workspace.assessment.hooks.filter((hook) => hook.status !== 'trusted');
  if (pending.length === 0 || resolveHookTrustPolicy(undefined, ctx) !== 'block') return undefined;
  return {
    count: pending.length,
    line:
      `Note: ${pending.length} project hook(s) in ${workspace.settingsFile} are not trusted yet, so run still holds them back: ` +
      `${pending.slice(0, 3).map((hook) => hook.label).join(', ')}${pending.length > 3 ? ', …' : ''}. Review them, then run: ${trustHooksCommand(target)}`,
  };
}

/** Settings layers read (a file that does not parse is an error naming its position), trust decided, hooks assessed. */
function inspectWorkspace(ctx: Context): Workspace {
  const layers = loadSettingsLayers(ctx);
  const broken = layers.find((layer) => layer.error);
  if (broken?.error) throw broken.error;
  const fromOutside = layers.filter((layer) => layer.layer !== 'workspace').map((layer) => layer.settings);
  const trust = decideFolderTrust(ctx, mergeSettings(settingsDefaults(), ...fromOutside));
  const workspace = layers.find((layer) => layer.layer === 'workspace')!;
  const hooks = workspace.doc ? projectHooksOf(workspace.settings.hooks, (jsonPath) => workspace.doc?.locate(jsonPath)) : [];
  return { settingsFile: geminiSettingsPaths(ctx).workspace, layers, trust, assessment: assessProjectHooks(ctx, hooks) };
}

function describeHooks(workspace: Workspace, hooks: readonly AssessedHook[]): string[] {
  const lines = [`Project hooks of ${workspace.assessment.projectRoot} (${workspace.settingsFile}):`];
  if (hooks.length === 0) return [...lines, '  (none)'];
  hooks.forEach((hook, i) => {
    const where = hook.location && hook.location.line > 0 ? ` at ${formatLocation(hook.location)}` : '';
    lines.push(`  ${i + 1}. ${hook.label} [${hook.event}] ${describeStatus(hook)}${where}`);
    lines.push(`     $ ${hook.command ?? '(no command)'}`);
    if (hook.script) lines.push(`     script ${hook.script}${hook.sha256 ? ` sha256 ${hook.sha256}` : ' (unreadable)'}`);
    // Said, not left out: without a hash, an edit to a file this command runs goes unnoticed.
    else if (hook.command) lines.push('     no script hashed: hookrun finds no project script file in this command, so only the command line is fingerprinted');
  });
  return lines;
}

function hookJson(hook: AssessedHook): JsonObject {
  return {
    event: hook.event,
    label: hook.label,
    ...(hook.name ? { name: hook.name } : {}),
    ...(hook.command !== undefined ? { command: hook.command } : {}),
    key: hook.key,
    status: hook.status,
    ...(hook.location ? { file: hook.location.file, line: hook.location.line, column: hook.location.column } : {}),
    ...(hook.script ? { script: hook.script } : {}),
    ...(hook.sha256 ? { sha256: hook.sha256 } : {}),
    ...(hook.recorded ? { recorded: hook.recorded } : {}),
  };
}

function problemJson(problem: { message: string; location: { file: string; line: number; column: number } }): JsonObject {
  return { message: problem.message, file: problem.location.file, line: problem.location.line, column: problem.location.column };
}

function print(io: IO, options: TrustCommandOptions, data: JsonObject, lines: string[]): void {
  if (options.json) io.stdout(`${JSON.stringify({ dryRun: options.dryRun === true, ...data }, null, 2)}\n`);
  else io.stdout(`${lines.join('\n')}\n`);
}

