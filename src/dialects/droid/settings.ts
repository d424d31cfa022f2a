// Factory Droid's hook files (docs/droid.md): per level, project first and then user, the level's
// `.factory/hooks.json` (events at the top level; the legacy `.factory/hooks/hooks.json` when it is absent),
// and only when neither exists the `hooks` of `.factory/settings.json` and `settings.local.json`. The lists
// are concatenated in that order, which is also the order "first decision wins" reads them in. Project files
// wait for folder trust.
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import { decideWorkspaceTrust } from '../../trust/workspace.js';
import type { Layer, ResolvedConfig } from '../../pipeline/types.js';
import { loadGroupConfig, type GroupRules, type GroupSource } from '../claude/groups.js';
import { firstFile } from '../detect.js';
import type { ConfiguredAt, LoadOptions } from '../dialect.js';
import { DROID_EVENTS } from './events.js';

export const DROID_DEFAULT_TIMEOUT_SEC = 60;

export const DROID_RULES: GroupRules = { agent: 'Factory Droid', events: DROID_EVENTS, timeoutUnitMs: 1000, groupFields: ['commandRegex'] };

function levelSources(dir: string, layer: Layer, source: string, project: boolean): GroupSource[] {
  const hooksFile = firstFile([path.join(dir, 'hooks.json'), path.join(dir, 'hooks', 'hooks.json')]);
  if (hooksFile) return [{ path: hooksFile, layer, source, project, prefix: [] }];
  return ['settings.json', 'settings.local.json'].map((name) => ({ path: path.join(dir, name), layer, source, project, prefix: ['hooks'] }));
}

/** Every file in Droid's order: the project's, then the user's (one folder when the workspace is the home directory). */
export function droidSources(ctx: Context): GroupSource[] {
  const user = path.join(homeDir(ctx), '.factory');
  const project = path.join(ctx.cwd, '.factory');
  const projectSources = path.resolve(project) === path.resolve(user) ? [] : levelSources(project, 'project', 'project', true);
  return [...projectSources, ...levelSources(user, 'user', 'user', false)];
}

export async function loadDroidConfig(ctx: Context, options: LoadOptions): Promise<ResolvedConfig> {
  // Droid gates a folder's hooks on its own trust (its record is not documented): hookrun's folder rules decide.
  const trust = decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace });
  return loadGroupConfig(ctx, 'droid', droidSources(ctx), DROID_RULES, trust, options.keepInactive === true);
}

export function droidConfiguredAt(ctx: Context): ConfiguredAt {
  const existing = (project: boolean) => firstFile(droidSources(ctx).filter((s) => s.project === project).map((s) => s.path));
  const at: ConfiguredAt = {};
  const workspace = existing(true);
  const user = existing(false);
  if (workspace) at.workspace = workspace;
  if (user) at.user = user;
  return at;
}
