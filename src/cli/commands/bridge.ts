// `hookrun bridge <host>`: gives an agent that has plugins and no shell hooks (OpenCode, Pi, Kilo) the hooks of a
// dialect, by writing a plugin into its project (or user) plugin folder that forwards the host's events to
// `hookrun serve`; `--remove` takes it out again. The mechanism is src/bridge/, each host's facts src/hosts/.
import fs from 'node:fs';
import path from 'node:path';
import { removeBridge, writeBridge, type BridgeChange } from '../../bridge/install.js';
import { runtimeConfig, type BridgeSettings } from '../../bridge/render.js';
import { isDialectName } from '../../dialects/names.js';
import { MOMENTS } from '../../hosts/host.js';
import { isHostName, loadHost, HOST_NAMES } from '../../hosts/index.js';
import type { Context } from '../../pipeline/context.js';
import { usageError } from '../../pipeline/errors.js';
import type { IO } from '../io.js';

export interface BridgeOptions {
  host: string;
  user: boolean;
  remove: boolean;
  force: boolean;
  failClosed: boolean;
  dialect: string;
  dryRun: boolean;
  json: boolean;
}

/** The command that started this hookrun (node and the bin script), for the plugin to start the same one. */
function thisHookrun(): string[] {
  const script = process.argv[1];
  return script ? [process.execPath, fs.realpathSync(script)] : [];
}

export async function bridgeCommand(options: BridgeOptions, ctx: Context, io: IO): Promise<number> {
  if (!isHostName(options.host)) throw usageError(`unknown host "${options.host}": choose ${HOST_NAMES.join(', ')}`);
  if (!isDialectName(options.dialect)) throw usageError(`--dialect must name a dialect, got "${options.dialect}"`);
  if (options.remove && options.failClosed) throw usageError('--fail-closed is a setting of the plugin; --remove takes none');
  if (options.force && !options.remove) throw usageError('--force goes with --remove (a plugin edited since it was written is never overwritten)');
  const host = await loadHost(options.host);
  const folder = options.user ? host.userFolder(ctx) : path.join(ctx.cwd, host.projectFolder);
  // The other scope's plugin: the host would load both.
  const other = () => {
    try {
      return path.join(options.user ? path.join(ctx.cwd, host.projectFolder) : host.userFolder(ctx), host.file);
    } catch {
      return undefined; // no home folder to look in
    }
  };
  const settings: BridgeSettings = { dialect: options.dialect, failClosed: options.failClosed, hookrun: thisHookrun() };
  const change = options.remove ? removeBridge(host, folder, options.force, options.dryRun) : writeBridge(host, settings, folder, options.dryRun);
  const config = runtimeConfig(host, settings);

  if (options.json) {
    const forwarded = Object.fromEntries(MOMENTS.flatMap((m) => (host.moments[m] ? [[host.moments[m], config.events[m] ?? null]] : [])));
    io.stdout(
      `${JSON.stringify({ host: host.name, version: host.checked, dryRun: options.dryRun, ...change, ...(options.remove ? {} : { dialect: options.dialect, forwarded }) }, null, 2)}\n`,
    );
    return 0;
  }
  const shown = (file: string) => (path.relative(ctx.cwd, file).startsWith('..') ? file : path.relative(ctx.cwd, file) || '.');
  const would = options.dryRun ? 'Would have ' : '';
  const lines: string[] = [describe(change, shown, would)];
  if (!options.remove) {
    lines.push(`${host.label} (checked: ${host.package}@${host.checked}) runs the ${options.dialect} hooks through hookrun serve, one per session:`);
    for (const moment of MOMENTS) {
      const from = host.moments[moment];
      if (from) lines.push(`  ${from} → ${config.events[moment] ?? `nothing (${options.dialect} has no such event)`}`);
    }
    for (const [what, why] of host.unmapped) lines.push(`  not carried: ${what}: ${why}`);
    lines.push(
      options.failClosed
        ? 'Fails closed: a tool call or prompt is blocked when hookrun cannot answer or a guard did not run.'
        : 'Fails open: when hookrun cannot answer, the plugin says so in the host and the call goes on (--fail-closed blocks it).',
    );
    if (!options.user) lines.push('Project hooks run only once this folder is trusted: hookrun trust --folder');
    const second = other();
    if (second && second !== change.file && fs.existsSync(second)) {
      lines.push(`Note: ${shown(second)} is a bridge too; ${host.label} loads both, and only the first to start runs hooks (the other says so and stands aside).`);
    }
  }
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}

function describe(change: BridgeChange, shown: (file: string) => string, would: string): string {
  switch (change.action) {
    case 'written':
      return `${would ? `${would}written` : 'Wrote'} ${shown(change.file)}${change.created > 0 ? ` (and the ${change.created === 1 ? 'folder' : `${change.created} folders`} it is in)` : ''}.`;
    case 'updated':
      return `${would ? `${would}updated` : 'Updated'} ${shown(change.file)}.`;
    case 'unchanged':
      return `${shown(change.file)} is up to date; nothing written.`;
    case 'removed':
      return `${would ? `${would}removed` : 'Removed'} ${shown(change.file)}${change.folders.length > 0 ? ` and the folders the bridge created: ${change.folders.map(shown).join(', ')}` : ''}.`;
    case 'absent':
      return `No bridge at ${shown(change.file)}; nothing removed.`;
  }
}
