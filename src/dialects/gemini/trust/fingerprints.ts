// Gemini CLI's project-hook fingerprints as `hookrun trust` and `hookrun list` show and change them
// (Dialect.hookFingerprints): the workspace's project hooks with their status against
// trusted_hooks.json (hooks.ts), recording them (`trust --hooks`) and forgetting them (`trust --revoke`).
// Loaded only by those commands.
import type { Context } from '../../../pipeline/context.js';
import { formatLocation } from '../../../pipeline/errors.js';
import { makeChalk } from '../../../render/color.js';
import { resolveHookTrustPolicy, trustHooksCommand } from '../../../trust/policy.js';
import { normalizeFolderKey } from '../../../trust/folders.js';
import type { JsonObject, TrustDecision } from '../../../pipeline/types.js';
import type { CommandPart, HookFingerprints } from '../../dialect.js';
import { geminiSettingsPaths, loadSettingsLayers, type SettingsLayer } from '../settings/load.js';
import { mergeSettings } from '../settings/merge.js';
import { settingsDefaults } from '../settings/schema-check.js';
import { decideFolderTrust } from './folders.js';
import { assessProjectHooks, describeStatus, loadTrustedHooks, loadTrustedScripts, projectHooksOf, type AssessedHook, type HookTrustAssessment } from './hooks.js';
import { hookKey, readRecordedHooks } from './recorded-hooks.js';

interface Workspace {
  settingsFile: string;
  layers: SettingsLayer[];
  trust: TrustDecision;
  assessment: HookTrustAssessment;
}

export const geminiFingerprints: HookFingerprints = {
  listing(ctx, color) {
    const workspace = inspectWorkspace(ctx);
    const hooksFile = loadTrustedHooks(ctx);
    const scriptsFile = loadTrustedScripts(ctx);
    const policy = resolveHookTrustPolicy(undefined, ctx);
    const json: JsonObject = {
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
    };
    const c = makeChalk(color);
    const lines = describeHooks(workspace, workspace.assessment.hooks);
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
    return { trust: workspace.trust, json, lines };
  },

  async record(ctx, { dryRun, coveredBy }) {
    const workspace = inspectWorkspace(ctx);
    const hooks = workspace.assessment.hooks;
    const json: JsonObject = { projectRoot: workspace.assessment.projectRoot, hooks: hooks.map(hookJson) };
    const lines = describeHooks(workspace, hooks);
    if (hooks.length > 0) {
      const pending = hooks.filter((hook) => hook.status !== 'trusted');
      if (dryRun) {
        lines.push(`Would record ${pending.length} new or changed hook(s) as trusted in ${workspace.assessment.hooksFile.file}.`);
        json.recorded = { written: false };
      } else {
        const { recordProjectHooks } = await import('./edit.js');
        const change = await recordProjectHooks(ctx, hooks);
        json.recorded = change;
        lines.push(
          change.written
            ? `Recorded ${hooks.length} project hook(s) of ${change.projectRoot} as trusted in ${change.hooksFile}` +
                (change.scripts.length > 0 ? ` (script hashes in ${change.scriptsFile}).` : '.')
            : `All ${hooks.length} project hook(s) were already trusted; nothing written.`,
        );
        lines.push(`  (hook fingerprints cover: ${coveredBy.join(', ') || 'no agent'})`);
      }
    }
    if (!workspace.trust.trusted) {
      lines.push(
        `Note: ${ctx.cwd} is not a trusted folder (${workspace.trust.detail ?? workspace.trust.by}), so its settings hooks do not run; trust it with: hookrun trust --folder`,
      );
    }
    return { json, lines };
  },

  async revoke(ctx, { dryRun }): Promise<CommandPart> {
    if (dryRun) return { json: { written: false }, lines: [`Would forget the hook fingerprints of ${ctx.cwd}.`] };
    const { revokeProjectHooks } = await import('./edit.js');
    const change = await revokeProjectHooks(ctx);
    return {
      json: { ...change },
      lines: [
        change.written
          ? `Forgot ${change.removed.length} hook fingerprint(s) of ${change.projectRoot} in ${change.hooksFile}.`
          : `No hook fingerprints recorded for ${change.projectRoot}; nothing removed.`,
      ],
    };
  },

  /**
   * Trusting a folder is not enough for Gemini's project hooks: under the `block` policy each one needs its
   * fingerprint recorded too (`trust --hooks`). Said at once, so the user does not find out from a guard that never ran.
   */
  pendingNote(ctx, folder) {
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
        `${pending
          .slice(0, 3)
          .map((hook) => hook.label)
          .join(', ')}${pending.length > 3 ? ', …' : ''}. Review them, then run: ${trustHooksCommand(target)}`,
    };
  },

  recorded(ctx) {
    const recorded = readRecordedHooks(ctx);
    return {
      file: recorded.file,
      has: (entry) => recorded.keys.has(hookKey(entry.config)),
      ...(recorded.problem ? { problem: recorded.problem } : {}),
    };
  },
};

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
