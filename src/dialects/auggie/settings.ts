// Augment Auggie's settings files (docs/auggie.md), read in this order and concatenated: the system file
// `/etc/augment/settings.json` (HOOKRUN_AUGGIE_SYSTEM_SETTINGS overrides the path), which no other file
// can take away and which is never gated; the user's `~/.augment/settings.json`; the workspace's
// `.augment/settings.local.json` and `.augment/settings.json`, which wait for folder trust. Each file's
// `hooks` is Claude Code's shape, with `args` beside `command` and `timeout` in milliseconds.
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import { decideWorkspaceTrust } from '../../trust/workspace.js';
import type { ResolvedConfig } from '../../pipeline/types.js';
import { loadGroupConfig, type GroupRules, type GroupSource } from '../claude/groups.js';
import { firstFile } from '../detect.js';
import type { ConfiguredAt, LoadOptions } from '../dialect.js';
import { AUGGIE_EVENTS } from './events.js';

export const AUGGIE_DEFAULT_TIMEOUT_MS = 60_000;
const SYSTEM_SETTINGS_ENV = 'HOOKRUN_AUGGIE_SYSTEM_SETTINGS';

export const AUGGIE_RULES: GroupRules = { agent: 'Augment Auggie', events: AUGGIE_EVENTS, timeoutUnitMs: 1, args: true };

export function auggieSources(ctx: Context): GroupSource[] {
  const system = ctx.env[SYSTEM_SETTINGS_ENV] || '/etc/augment/settings.json';
  const user = path.join(homeDir(ctx), '.augment');
  const project = path.join(ctx.cwd, '.augment');
  const hooks = ['hooks'];
  const sources: GroupSource[] = [
    { path: system, layer: 'system', source: 'system', project: false, prefix: hooks },
    { path: path.join(user, 'settings.json'), layer: 'user', source: 'user', project: false, prefix: hooks },
  ];
  // The workspace is the home directory: its .augment folder is the user's, read once.
  if (path.resolve(project) === path.resolve(user)) return sources;
  return [
    ...sources,
    { path: path.join(project, 'settings.local.json'), layer: 'local', source: 'local', project: true, prefix: hooks },
    { path: path.join(project, 'settings.json'), layer: 'project', source: 'project', project: true, prefix: hooks },
  ];
}

export async function loadAuggieConfig(ctx: Context, options: LoadOptions): Promise<ResolvedConfig> {
  // Auggie's sources say nothing of trust; a project's hooks do not run unasked in hookrun (folder rules).
  const trust = decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace });
  return loadGroupConfig(ctx, 'auggie', auggieSources(ctx), AUGGIE_RULES, trust, options.keepInactive === true);
}

export function auggieConfiguredAt(ctx: Context): ConfiguredAt {
  const sources = auggieSources(ctx);
  const at: ConfiguredAt = {};
  const workspace = firstFile(sources.filter((s) => s.project).map((s) => s.path));
  const user = firstFile(sources.filter((s) => s.layer === 'user').map((s) => s.path));
  if (workspace) at.workspace = workspace;
  if (user) at.user = user;
  return at;
}
