// Where Cursor's hook files are, and which of them show it is configured here: path logic only, so
// detection (dialects/detect.ts) reads it without loading the settings reader.
import path from 'node:path';
import { homeDir, platformPath, type Context } from '../../pipeline/context.js';
import * as observed from '../../files/journal.js';
import { firstFile } from '../kit/files.js';
import type { ConfiguredAt } from '../dialect.js';

/** Overrides the enterprise file's path, so tests (and people) need not touch /etc. */
const ENTERPRISE_HOOKS_ENV = 'HOOKRUN_CURSOR_ENTERPRISE_HOOKS';
export type CursorSource = 'enterprise' | 'project' | 'user';

export interface CursorFile {
  path: string;
  source: CursorSource;
}

function enterprisePath(ctx: Context): string {
  const override = ctx.env[ENTERPRISE_HOOKS_ENV];
  if (override) return override;
  return platformPath(ctx.platform, { darwin: '/Library/Application Support/Cursor/hooks.json', win32: 'C:\\ProgramData\\Cursor\\hooks.json', other: '/etc/cursor/hooks.json' });
}

function cursorUserDir(ctx: Context): string {
  return path.join(homeDir(ctx), '.cursor');
}

/** Cursor's own files, highest priority first (docs/sources.md §X2.1). The project file is the user's when the workspace is home. */
export function cursorHookFiles(ctx: Context): CursorFile[] {
  const project = path.join(ctx.cwd, '.cursor', 'hooks.json');
  const user = path.join(cursorUserDir(ctx), 'hooks.json');
  const files: CursorFile[] = [{ path: enterprisePath(ctx), source: 'enterprise' }];
  if (realpathOr(project) !== realpathOr(user)) files.push({ path: project, source: 'project' });
  files.push({ path: user, source: 'user' });
  return files;
}

/** Detection: the project's hooks.json, then the user's (or the enterprise one). */
export function configuredAt(ctx: Context): ConfiguredAt {
  const files = cursorHookFiles(ctx);
  const at = (source: string) => firstFile(files.filter((f) => f.source === source).map((f) => f.path));
  return { workspace: at('project'), user: at('user') ?? at('enterprise') };
}

function realpathOr(target: string): string {
  try {
    return observed.realpath(target);
  } catch {
    return path.resolve(target);
  }
}
