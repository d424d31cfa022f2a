// The hook panel, as Gemini CLI's `/hooks` has it: `list`, `enable NAME`, `disable NAME`,
// `enable-all`, `disable-all`. Same checks, same edits of hooksConfig.disabled, same messages;
// hookrun adds warnings where Gemini stays silent (a name that matches no hook, a hook that a
// system file keeps disabled).
import type { Context } from '../context.js';
import { resolveDialect } from '../dialects/index.js';
import { formatLocation } from '../errors.js';
import type { IO } from '../io.js';
import { makeChalk } from '../render/color.js';
import { formatDiagnostic } from '../render/report.js';
import { hookActionMessage, renderHookList, type HookListing, type ListedHook } from '../render/panel.js';
import {
  addToDisabledList,
  clearDisabledLists,
  disableHook,
  enableHook,
  type HookActionResult,
  type ScopeFile,
} from '../dialects/gemini/settings/disabled.js';
import { geminiSettingsPaths, loadGeminiConfig } from '../dialects/gemini/settings/load.js';
import { hookKey, readRecordedHooks, type RecordedHooks } from '../dialects/gemini/trust/recorded-hooks.js';
import type { ConsideredEntry, ResolvedConfig } from '../types.js';

export interface PanelOptions {
  trustWorkspace?: boolean;
  /** `--dialect`: list reads any dialect (default: the one configured here); the switches edit Gemini's files only. */
  dialect?: string;
  /** Kiro: the agent whose hooks `list` shows. */
  agent?: string;
  /** Claude: the Claude Code version whose rules `list` follows (`--claude-version`). */
  agentVersion?: string;
  json?: boolean;
  /** list: also the hooks the agent does not register (hooks disabled, untrusted folder, inactive extension). */
  all?: boolean;
}

const EXIT_OK = 0;
const EXIT_ERROR = 1;
const NOT_ENABLED = 'Hook system is not enabled.';

const loadConfig = (ctx: Context, options: PanelOptions) =>
  loadGeminiConfig(ctx, { trustWorkspace: options.trustWorkspace, keepInactive: true });

/** Pure: the listing `list` prints, from a config loaded with keepInactive. `agent`: the agent's name for the notes. */
function hookListing(config: ResolvedConfig, recorded: RecordedHooks, all = false, agent: string = config.dialect): HookListing {
  const considered: ConsideredEntry[] = config.considered ?? config.entries.map((entry) => ({ entry }));
  // Only Gemini CLI fingerprints project hooks (trusted_hooks.json); other agents' hooks have no such state.
  const fingerprints = config.dialect === 'gemini';
  const hooks = considered.filter((c) => all || !c.inactive).map((c) => listedHook(c, recorded, fingerprints));
  const notes: string[] = [];
  const hidden = considered.filter((c) => c.inactive).length;
  const disabledAt = config.diagnostics.find((d) => d.code === 'hooks-disabled')?.location;
  if (!config.hooksEnabled) notes.push(`hooksConfig.enabled is false${disabledAt ? ` in ${formatLocation(disabledAt)}` : ''}: ${agent} runs no hook.`);
  if (!config.trust.trusted) notes.push(`the folder is not trusted${config.trust.detail ? ` (${config.trust.detail})` : ''}: ${agent} registers no settings hook here.`);
  if (hidden > 0 && !all) notes.push(`${hidden} configured hook(s) are not registered; \`hookrun list --all\` shows them.`);
  if (recorded.problem) notes.push(recorded.problem);
  return {
    hooksEnabled: config.hooksEnabled,
    trusted: config.trust.trusted,
    trustedBy: config.trust.by,
    trustedHooksFile: recorded.file,
    configured: considered.length,
    hooks,
    notes,
  };
}

function listedHook({ entry, inactive }: ConsideredEntry, recorded: RecordedHooks, fingerprints = true): ListedHook {
  const location = entry.location;
  return {
    event: entry.event,
    name: entry.displayName,
    ...(entry.config.command !== undefined ? { command: entry.config.command } : {}),
    source: entry.source,
    layer: entry.layer,
    ...(entry.extension ? { extension: entry.extension } : {}),
    matcher: entry.matcher ?? null,
    enabled: entry.enabled,
    trusted: fingerprints && entry.layer === 'workspace' ? recorded.keys.has(hookKey(entry.config)) : null,
    ...(location ? { file: location.file, line: location.line, column: location.column } : {}),
    ...(entry.disabledBy ? { disabledBy: entry.disabledBy.map(({ file, line, column }) => ({ file, line, column })) } : {}),
    registered: !inactive,
    ...(inactive ? { inactive: { reason: inactive.reason, detail: inactive.detail } } : {}),
  };
}

export async function listCommand(options: PanelOptions, ctx: Context, io: IO): Promise<number> {
  // No --dialect: the agent configured here (Gemini CLI when none is), said on stderr when it is another.
  const { dialect, note } = await resolveDialect(options.dialect ?? 'auto', ctx);
  if (note && (options.dialect !== undefined || dialect.name !== 'gemini')) io.stderr(`hookrun: ${note}\n`);
  const config =
    dialect.name === 'gemini'
      ? await loadConfig(ctx, options)
      : await dialect.loadConfig(ctx, { trustWorkspace: options.trustWorkspace, keepInactive: true, agent: options.agent, agentVersion: options.agentVersion });
  // Project-hook fingerprints are Gemini CLI's record; other agents have none.
  const recorded: RecordedHooks = dialect.name === 'gemini' ? readRecordedHooks(ctx) : { file: '', keys: new Set() };
  const listing = hookListing(config, recorded, options.all, dialect.agentName ?? dialect.name);
  if (options.json) {
    io.stdout(`${JSON.stringify(listing, null, 2)}\n`);
  } else {
    const c = makeChalk(io.colorStderr);
    const warnings = config.diagnostics.filter((d) => d.severity === 'warning' && d.code !== 'untrusted-folder');
    if (warnings.length > 0) io.stderr(`${warnings.map((d) => formatDiagnostic(d, c)).join('\n')}\n`);
    io.stdout(renderHookList(listing, io.colorStdout));
  }
  return EXIT_OK;
}

interface ActionReport {
  status: 'success' | 'no-op' | 'error';
  action: string;
  message: string;
  warnings: string[];
  [key: string]: unknown;
}

function print(report: ActionReport, options: PanelOptions, io: IO): number {
  if (options.json) {
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const c = makeChalk(io.colorStderr);
    for (const warning of report.warnings) io.stderr(`hookrun: ${c.yellow('warning')}: ${warning}\n`);
    if (report.status === 'error') io.stderr(`hookrun: ${c.red('error')}: ${report.message}\n`);
    else io.stdout(`${report.message}\n`);
  }
  return report.status === 'error' ? EXIT_ERROR : EXIT_OK;
}

/** Gemini refuses every change when the hook system is off; hookrun says where it was switched off. */
function notEnabled(action: string, config: ResolvedConfig, options: PanelOptions, io: IO): number {
  const where = config.diagnostics.find((d) => d.code === 'hooks-disabled')?.location;
  const warnings = where ? [`hooksConfig.enabled is false in ${formatLocation(where)}`] : [];
  return print({ status: 'error', action, message: NOT_ENABLED, warnings }, options, io);
}

/**
 * The switches edit Gemini CLI's hooksConfig.disabled; any other dialect (named, or with none named the
 * one configured here) is refused with what that agent offers instead (its `noHookSwitch`).
 */
async function refuseOtherDialect(action: string, options: PanelOptions, ctx: Context, io: IO): Promise<number | undefined> {
  const { dialect, note } = await resolveDialect(options.dialect ?? 'auto', ctx);
  if (dialect.name === 'gemini') return undefined;
  if (note && !options.json) io.stderr(`hookrun: ${note}\n`);
  const agent = dialect.agentName ?? dialect.name;
  const why = dialect.noHookSwitch ?? `${agent} has no per-hook switch hookrun can edit: remove the hook from its hook file`;
  return print({ status: 'error', action, message: `${action} edits Gemini CLI's hooksConfig.disabled; ${why}`, warnings: [] }, options, io);
}

export async function toggleCommand(action: 'enable' | 'disable', rawName: string, options: PanelOptions, ctx: Context, io: IO): Promise<number> {
  const refused = await refuseOtherDialect(action, options, ctx, io);
  if (refused !== undefined) return refused;
  const hookName = rawName.trim();
  if (!hookName) return print({ status: 'error', action, message: `Usage: hookrun ${action} <hook-name>`, warnings: [] }, options, io);
  const config = await loadConfig(ctx, options);
  if (!config.hooksEnabled) return notEnabled(action, config, options, io);
  const result = action === 'enable' ? await enableHook(ctx, hookName) : await disableHook(ctx, hookName);
  const warnings: string[] = [];
  if (result.status !== 'error') warnings.push(...unknownNameWarnings(config, hookName, result));
  if (action === 'enable' && result.status !== 'error') warnings.push(...stillDisabledWarnings(ctx, config, [hookName]));
  return print(actionReport(result, warnings), options, io);
}

function actionReport(result: HookActionResult, warnings: string[]): ActionReport {
  return { ...result, message: hookActionMessage(result), warnings };
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
  const changed = result.status !== 'success' ? '' : result.action === 'enable' ? ' The name was removed from hooksConfig.disabled anyway, as Gemini CLI does.' : ' The name was written anyway, as Gemini CLI does.';
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

export async function toggleAllCommand(action: 'enable-all' | 'disable-all', options: PanelOptions, ctx: Context, io: IO): Promise<number> {
  const refused = await refuseOtherDialect(action, options, ctx, io);
  if (refused !== undefined) return refused;
  const config = await loadConfig(ctx, options);
  if (!config.hooksEnabled) return notEnabled(action, config, options, io);
  const registered = config.entries;
  const noop = (message: string) => print({ status: 'no-op', action, message, count: 0, modifiedScopes: [], warnings: [] }, options, io);
  if (registered.length === 0) return noop('No hooks configured.');
  const targets = registered.filter((entry) => (action === 'enable-all' ? !entry.enabled : entry.enabled));
  if (targets.length === 0) return noop(`All hooks are already ${action === 'enable-all' ? 'enabled' : 'disabled'}.`);

  let modifiedScopes: ScopeFile[];
  try {
    if (action === 'enable-all') {
      modifiedScopes = await clearDisabledLists(ctx);
    } else {
      const scope = await addToDisabledList(ctx, registered.map((entry) => entry.displayName));
      modifiedScopes = scope ? [scope] : [];
    }
  } catch (error) {
    const message = `Failed to ${action === 'enable-all' ? 'enable' : 'disable'} hooks: ${(error as Error).message}`;
    return print({ status: 'error', action, message, warnings: [] }, options, io);
  }
  const warnings = action === 'enable-all' ? stillDisabledWarnings(ctx, config, targets.map((entry) => entry.displayName)) : [];
  const message = `${action === 'enable-all' ? 'Enabled' : 'Disabled'} ${targets.length} hook(s) successfully.`;
  return print({ status: 'success', action, message, count: targets.length, modifiedScopes, warnings }, options, io);
}
