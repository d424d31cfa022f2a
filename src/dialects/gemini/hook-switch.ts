// Gemini CLI's `/hooks enable|disable|enable-all|disable-all` (Dialect.hookSwitch): the same checks, the
// same edits of hooksConfig.disabled (settings/disabled.ts), the same messages (hookUtils.ts wording);
// hookrun adds warnings where Gemini stays silent (a name that matches no hook, a hook that a system file
// keeps disabled). Loaded only by those commands.
import type { Context } from '../../pipeline/context.js';
import { formatLocation } from '../../pipeline/errors.js';
import type { ResolvedConfig } from '../../pipeline/types.js';
import type { HookSwitch, HookSwitchReport, SwitchOptions } from '../dialect.js';
import { addToDisabledList, clearDisabledLists, disableHook, enableHook, type HookActionResult, type ScopeFile } from './settings/disabled.js';
import { geminiSettingsPaths, loadGeminiConfig } from './settings/load.js';

const NOT_ENABLED = 'Hook system is not enabled.';

const loadConfig = (ctx: Context, options: SwitchOptions) => loadGeminiConfig(ctx, { trustWorkspace: options.trustWorkspace, keepInactive: true, version: options.geminiVersion });

export const geminiHookSwitch: HookSwitch = {
  edits: "Gemini CLI's hooksConfig.disabled",

  async toggle(ctx, action, hookName, options) {
    const config = await loadConfig(ctx, options);
    if (!config.hooksEnabled) return notEnabled(action, config);
    const result = action === 'enable' ? await enableHook(ctx, hookName) : await disableHook(ctx, hookName);
    const warnings: string[] = [];
    if (result.status !== 'error') warnings.push(...unknownNameWarnings(config, hookName, result));
    if (action === 'enable' && result.status !== 'error') warnings.push(...stillDisabledWarnings(ctx, config, [hookName]));
    return { ...result, message: hookActionMessage(result), warnings };
  },

  async toggleAll(ctx, action, options) {
    const config = await loadConfig(ctx, options);
    if (!config.hooksEnabled) return notEnabled(action, config);
    const registered = config.entries;
    const noop = (message: string): HookSwitchReport => ({ status: 'no-op', action, message, count: 0, modifiedScopes: [], warnings: [] });
    if (registered.length === 0) return noop('No hooks configured.');
    const targets = registered.filter((entry) => (action === 'enable-all' ? !entry.enabled : entry.enabled));
    if (targets.length === 0) return noop(`All hooks are already ${action === 'enable-all' ? 'enabled' : 'disabled'}.`);

    let modifiedScopes: ScopeFile[];
    try {
      if (action === 'enable-all') {
        modifiedScopes = await clearDisabledLists(ctx);
      } else {
        const scope = await addToDisabledList(
          ctx,
          registered.map((entry) => entry.displayName),
        );
        modifiedScopes = scope ? [scope] : [];
      }
    } catch (error) {
      const message = `Failed to ${action === 'enable-all' ? 'enable' : 'disable'} hooks: ${(error as Error).message}`;
      return { status: 'error', action, message, warnings: [] };
    }
    const warnings =
      action === 'enable-all'
        ? stillDisabledWarnings(
            ctx,
            config,
            targets.map((entry) => entry.displayName),
          )
        : [];
    const message = `${action === 'enable-all' ? 'Enabled' : 'Disabled'} ${targets.length} hook(s) successfully.`;
    return { status: 'success', action, message, count: targets.length, modifiedScopes, warnings };
  },
};

/** Gemini refuses every change when the hook system is off; hookrun says where it was switched off. */
function notEnabled(action: string, config: ResolvedConfig): HookSwitchReport {
  const where = config.diagnostics.find((d) => d.code === 'hooks-disabled')?.location;
  const warnings = where ? [`hooksConfig.enabled is false in ${formatLocation(where)}`] : [];
  return { status: 'error', action, message: NOT_ENABLED, warnings };
}

/** Gemini writes any name it is given; its registry then only logs (at debug level) that nothing matched. */
function unknownNameWarnings(config: ResolvedConfig, name: string, result: HookActionResult): string[] {
  const considered = config.considered ?? [];
  if (considered.some((c) => c.entry.displayName === name)) return [];
  const byCommand = considered.find((c) => c.entry.config.command === name);
  const hint = byCommand
    ? ` The hook with this command is named "${byCommand.entry.displayName}": Gemini CLI matches a hook by its name when it has one.`
    : ' `hookrun list --all` shows the hook names.';
  // `success` means a file changed: disable wrote the name, enable took it out of a list that had it.
  const changed =
    result.status !== 'success'
      ? ''
      : result.action === 'enable'
        ? ' The name was removed from hooksConfig.disabled anyway, as Gemini CLI does.'
        : ' The name was written anyway, as Gemini CLI does.';
  return [`No hooks found matching "${name}".${changed}${hint}`];
}

/** Gemini edits only the workspace and user lists; a system file's list keeps the hook disabled. */
function stillDisabledWarnings(ctx: Context, config: ResolvedConfig, names: string[]): string[] {
  const paths = geminiSettingsPaths(ctx);
  const systemFiles = new Set([paths.system, paths.systemDefaults]);
  const warnings: string[] = [];
  for (const name of new Set(names)) {
    const entry = (config.considered ?? config.entries.map((e) => ({ entry: e }))).find((c) => c.entry.displayName === name)?.entry;
    const places = (entry?.disabledBy ?? []).filter((l) => systemFiles.has(l.file));
    if (places.length > 0) {
      warnings.push(`"${name}" stays disabled by hooksConfig.disabled in ${places.map(formatLocation).join(' and ')}, which neither Gemini CLI nor hookrun edits.`);
    }
  }
  return warnings;
}

const scopeText = (s: ScopeFile): string => `${s.scope} (${s.path})`;

/** Gemini's renderHookActionFeedback with its `label (path)` scope format. */
export function hookActionMessage(result: HookActionResult): string {
  const { hookName, action, status } = result;
  if (status === 'error') return result.error ?? `An error occurred while attempting to ${action} hook "${hookName}".`;
  if (status === 'no-op') return `Hook "${hookName}" is already ${action === 'enable' ? 'enabled' : 'disabled'}.`;
  const verb = action === 'enable' ? 'enabled' : 'disabled';
  const preposition = action === 'enable' ? 'by removing it from the disabled list in' : 'by adding it to the disabled list in';
  // enable names the files it removed the name from; disable also the ones that already had it.
  const scopes = action === 'enable' ? result.modifiedScopes : [...result.modifiedScopes, ...result.alreadyInStateScopes];
  if (scopes.length === 0) return `Hook "${hookName}" ${verb}.`;
  if (scopes.length === 2) {
    const [s1, s2] = scopes.map(scopeText) as [string, string];
    return action === 'enable' ? `Hook "${hookName}" ${verb} ${preposition} ${s1} and ${s2} settings.` : `Hook "${hookName}" is now disabled in both ${s1} and ${s2} settings.`;
  }
  return `Hook "${hookName}" ${verb} ${preposition} ${scopeText(scopes[0]!)} settings.`;
}
