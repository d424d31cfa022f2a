// The hook panel, as Gemini CLI's `/hooks` has it: `list`, `enable NAME`, `disable NAME`,
// `enable-all`, `disable-all`. `list` reads any dialect's configuration; the switches are the agent's
// own (Dialect.hookSwitch: the checks, the edit, the messages), printed here.
import type { Context } from '../../pipeline/context.js';
import type { Dialect, HookSwitch, HookSwitchReport, RecordedFingerprints, SwitchOptions } from '../../dialects/dialect.js';
import { chooseDialect, getDialect } from '../../dialects/index.js';
import { formatLocation } from '../../pipeline/errors.js';
import type { IO } from '../io.js';
import { makeChalk } from '../../render/color.js';
import { formatDiagnostic } from '../../render/report.js';
import { renderHookList, type HookListing, type ListedHook } from '../../render/panel.js';
import type { ConsideredEntry, ResolvedConfig } from '../../pipeline/types.js';

export interface PanelOptions {
  trustWorkspace?: boolean;
  /** `--dialect`: list reads any dialect (default: the one configured here); the switches need one with a `hookSwitch`. */
  dialect?: string;
  /** Kiro: the agent whose hooks `list` shows. */
  agent?: string;
  /** Claude: the Claude Code version whose rules `list` follows (`--claude-version`). */
  claudeVersion?: string;
  /** Gemini: the Gemini CLI release whose rules `list` and the switches follow (`--gemini-version`). */
  geminiVersion?: string;
  json?: boolean;
  /** list: also the hooks the agent does not register (hooks disabled, untrusted folder, inactive extension). */
  all?: boolean;
}

const EXIT_OK = 0;
const EXIT_ERROR = 1;

/**
 * Pure: the listing `list` prints, from a config loaded with keepInactive. `recorded`: the agent's
 * project-hook fingerprints (undefined: it keeps none). `agent`: the agent's name for the notes.
 */
function hookListing(config: ResolvedConfig, recorded: RecordedFingerprints | undefined, all = false, agent: string = config.dialect): HookListing {
  const considered: ConsideredEntry[] = config.considered ?? config.entries.map((entry) => ({ entry }));
  const hooks = considered.filter((c) => all || !c.inactive).map((c) => listedHook(c, recorded));
  const notes: string[] = [];
  const hidden = considered.filter((c) => c.inactive).length;
  const disabledAt = config.diagnostics.find((d) => d.code === 'hooks-disabled')?.location;
  if (!config.hooksEnabled) notes.push(`hooksConfig.enabled is false${disabledAt ? ` in ${formatLocation(disabledAt)}` : ''}: ${agent} runs no hook.`);
  if (!config.trust.trusted) notes.push(`the folder is not trusted${config.trust.detail ? ` (${config.trust.detail})` : ''}: ${agent} registers no settings hook here.`);
  if (hidden > 0 && !all) notes.push(`${hidden} configured hook(s) are not registered; \`hookrun list --all\` shows them.`);
  if (recorded?.problem) notes.push(recorded.problem);
  return {
    hooksEnabled: config.hooksEnabled,
    trusted: config.trust.trusted,
    trustedBy: config.trust.by,
    trustedHooksFile: recorded?.file ?? '',
    configured: considered.length,
    hooks,
    notes,
  };
}

function listedHook({ entry, inactive }: ConsideredEntry, recorded: RecordedFingerprints | undefined): ListedHook {
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
    trusted: recorded && entry.layer === 'workspace' ? recorded.has(entry) : null,
    ...(location ? { file: location.file, line: location.line, column: location.column } : {}),
    ...(entry.disabledBy ? { disabledBy: entry.disabledBy.map(({ file, line, column }) => ({ file, line, column })) } : {}),
    registered: !inactive,
    ...(inactive ? { inactive: { reason: inactive.reason, detail: inactive.detail } } : {}),
  };
}

export async function listCommand(options: PanelOptions, ctx: Context, io: IO): Promise<number> {
  // No --dialect: HOOKRUN_DIALECT, else the agent configured here (chooseDialect says which on stderr).
  const { dialect, note } = await chooseDialect(options.dialect, ctx);
  if (note) io.stderr(`hookrun: ${note}\n`);
  const config = await dialect.loadConfig(ctx, {
    trustWorkspace: options.trustWorkspace,
    keepInactive: true,
    agent: options.agent,
    claudeVersion: options.claudeVersion,
    geminiVersion: options.geminiVersion,
  });
  const recorded = (await dialect.hookFingerprints?.())?.recorded(ctx);
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

function print(report: HookSwitchReport, options: PanelOptions, io: IO): number {
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

/**
 * The switch of the dialect named (or, with none named, the one configured here); a dialect without one
 * is refused, printed here, with what that agent offers instead (its `noHookSwitch`).
 */
async function hookSwitchOf(action: string, options: PanelOptions, ctx: Context, io: IO): Promise<HookSwitch | number> {
  const { dialect, note } = await chooseDialect(options.dialect, ctx);
  const found = await dialect.hookSwitch?.();
  if (found) return found;
  if (note && !options.json) io.stderr(`hookrun: ${note}\n`);
  return print({ status: 'error', action, message: await refusal(action, dialect), warnings: [] }, options, io);
}

/** Says what the switches edit where they can (the default dialect's switch), then what this agent offers instead. */
async function refusal(action: string, dialect: Dialect): Promise<string> {
  const agent = dialect.agentName ?? dialect.name;
  const why = dialect.noHookSwitch ?? `${agent} has no per-hook switch hookrun can edit: remove the hook from its hook file`;
  const edits = (await (await getDialect()).hookSwitch?.())?.edits;
  return edits ? `${action} edits ${edits}; ${why}` : why;
}

export async function toggleCommand(action: 'enable' | 'disable', rawName: string, options: PanelOptions, ctx: Context, io: IO): Promise<number> {
  const hookSwitch = await hookSwitchOf(action, options, ctx, io);
  if (typeof hookSwitch === 'number') return hookSwitch;
  const hookName = rawName.trim();
  if (!hookName) return print({ status: 'error', action, message: `Usage: hookrun ${action} <hook-name>`, warnings: [] }, options, io);
  return print(await hookSwitch.toggle(ctx, action, hookName, switchOptions(options)), options, io);
}

export async function toggleAllCommand(action: 'enable-all' | 'disable-all', options: PanelOptions, ctx: Context, io: IO): Promise<number> {
  const hookSwitch = await hookSwitchOf(action, options, ctx, io);
  if (typeof hookSwitch === 'number') return hookSwitch;
  return print(await hookSwitch.toggleAll(ctx, action, switchOptions(options)), options, io);
}

function switchOptions(options: PanelOptions): SwitchOptions {
  return { trustWorkspace: options.trustWorkspace, ...(options.geminiVersion !== undefined ? { geminiVersion: options.geminiVersion } : {}) };
}
