// Where Augment Auggie's settings files are, and which of them show it is configured here: path logic only,
// so detection (dialects/detect.ts) reads it without loading the settings reader.
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import type { GroupSource } from '../claude/groups.js';
import { firstFile } from '../kit/files.js';
import type { ConfiguredAt } from '../dialect.js';

/** Overrides the system file's path, so tests (and people) need not touch /etc. */
const SYSTEM_SETTINGS_ENV = 'HOOKRUN_AUGGIE_SYSTEM_SETTINGS';

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

export function configuredAt(ctx: Context): ConfiguredAt {
  const sources = auggieSources(ctx);
  const at: ConfiguredAt = {};
  const workspace = firstFile(sources.filter((s) => s.project).map((s) => s.path));
  const user = firstFile(sources.filter((s) => s.layer === 'user').map((s) => s.path));
  if (workspace) at.workspace = workspace;
  if (user) at.user = user;
  return at;
}
