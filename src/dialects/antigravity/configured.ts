// Where Antigravity CLI's hook files are, and which of them show it is configured here: path logic
// only, so detection (dialects/detect.ts) reads it without loading the settings reader.
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import * as observed from '../../files/journal.js';
import { firstFile } from '../kit/files.js';
import type { ConfiguredAt } from '../dialect.js';

/** The customization root folder names agy reads in a workspace, in the order hookrun reads them. */
const AGY_ROOT_FOLDERS = ['.agents', '.agent', '_agents', '_agent'] as const;

export interface AgyFile {
  path: string;
  scope: 'workspace' | 'global';
}

/** Workspace roots nearest first, then the global file (D3). */
export function agyHookFiles(ctx: Context): AgyFile[] {
  const dirs = [ctx.cwd];
  if (!hasGit(ctx.cwd)) {
    // Walk up to the nearest directory holding `.git`; with none above, the workspace alone counts.
    const parents: string[] = [];
    for (let dir = path.dirname(ctx.cwd); ; dir = path.dirname(dir)) {
      parents.push(dir);
      if (hasGit(dir)) {
        dirs.push(...parents);
        break;
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  const files: AgyFile[] = dirs.flatMap((dir) => AGY_ROOT_FOLDERS.map((root): AgyFile => ({ path: path.join(dir, root, 'hooks.json'), scope: 'workspace' })));
  files.push({ path: agyGlobalHooksFile(ctx), scope: 'global' });
  return files;
}

export function agyGlobalHooksFile(ctx: Context): string {
  return path.join(homeDir(ctx), '.gemini', 'config', 'hooks.json');
}

function hasGit(dir: string): boolean {
  try {
    observed.statOrThrow(path.join(dir, '.git'));
    return true;
  } catch {
    return false;
  }
}

/** Detection: a hook file in one of the workspace's roots (up to the git root), then the global one. */
export function configuredAt(ctx: Context): ConfiguredAt {
  const files = agyHookFiles(ctx);
  const at = (scope: string) => firstFile(files.filter((f) => f.scope === scope).map((f) => f.path));
  return { workspace: at('workspace'), user: at('global') };
}
