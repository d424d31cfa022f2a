// Where Kiro CLI's agent folders and Kiro CLI 3's hook folders are, and which of them show it is
// configured here: path logic only, so detection (dialects/detect.ts) reads it without loading the settings readers.
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import * as observed from '../../files/journal.js';
import { firstFolderWithJson } from '../kit/files.js';
import type { ConfiguredAt } from '../dialect.js';

export type AgentScope = 'workspace' | 'global';
export type AgentProduct = 'kiro' | 'amazonq';

export interface AgentDirectory {
  scope: AgentScope;
  product: AgentProduct;
  dir: string;
}

/** Where agents are looked up, first wins: workspace before global, Kiro before Amazon Q at each level. */
export function kiroAgentDirectories(ctx: Context): AgentDirectory[] {
  const home = homeDir(ctx);
  const global: AgentDirectory[] = [
    { scope: 'global', product: 'kiro', dir: path.join(home, '.kiro', 'agents') },
    { scope: 'global', product: 'amazonq', dir: path.join(home, '.aws', 'amazonq', 'cli-agents') },
  ];
  const workspace: AgentDirectory[] = [
    { scope: 'workspace', product: 'kiro', dir: path.join(ctx.cwd, '.kiro', 'agents') },
    { scope: 'workspace', product: 'amazonq', dir: path.join(ctx.cwd, '.amazonq', 'cli-agents') },
  ];
  // Run from the home directory, `.kiro/agents` is the global folder: read it once, as global.
  const globalDirs = new Set(global.map((d) => realpathOr(d.dir)));
  return [...workspace.filter((d) => !globalDirs.has(realpathOr(d.dir))), ...global];
}

export function kiro3HookDirectories(ctx: Context): { scope: 'workspace' | 'global'; dir: string }[] {
  const workspace = path.join(ctx.cwd, '.kiro', 'hooks');
  const global = path.join(homeDir(ctx), '.kiro', 'hooks');
  // Run from the home directory, `.kiro/hooks` is the global folder: read once, as global.
  return realpathOr(workspace) === realpathOr(global)
    ? [{ scope: 'global', dir: global }]
    : [
        { scope: 'workspace', dir: workspace },
        { scope: 'global', dir: global },
      ];
}

/** Detection: Kiro counts its agent folders and Kiro CLI 3's hook folders (the workspace's, then the home folder's). */
export function configuredAt(ctx: Context): ConfiguredAt {
  const folders = [...kiroAgentDirectories(ctx), ...kiro3HookDirectories(ctx)];
  const at = (scope: string) => firstFolderWithJson(folders.filter((d) => d.scope === scope).map((d) => d.dir));
  return { workspace: at('workspace'), user: at('global') };
}

function realpathOr(target: string): string {
  try {
    return observed.realpath(target);
  } catch {
    return path.resolve(target);
  }
}
