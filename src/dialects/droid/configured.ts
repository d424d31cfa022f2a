// Where Factory Droid's hook files are, and which of them show it is configured here: path logic only, so
// detection (dialects/detect.ts) reads it without loading the settings reader.
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import type { Layer } from '../../pipeline/types.js';
import type { GroupSource } from '../claude/groups.js';
import { firstFile } from '../kit/files.js';
import type { ConfiguredAt } from '../dialect.js';

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

export function configuredAt(ctx: Context): ConfiguredAt {
  const existing = (project: boolean) =>
    firstFile(
      droidSources(ctx)
        .filter((s) => s.project === project)
        .map((s) => s.path),
    );
  const at: ConfiguredAt = {};
  const workspace = existing(true);
  const user = existing(false);
  if (workspace) at.workspace = workspace;
  if (user) at.user = user;
  return at;
}
