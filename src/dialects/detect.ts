// `--dialect auto`: the agent this workspace is configured for (contract: other dialects). Each
// dialect's own path helpers say where its configuration lives. The workspace's files count before
// the user's; when one level holds several agents' files, the primary target wins (Gemini CLI, then
// Claude Code, then Kiro CLI); no configuration at all means Gemini CLI, the default.
import fs from 'node:fs';
import type { Context } from '../context.js';
import type { DialectName } from './dialect.js';

export interface DetectedDialect {
  name: DialectName;
  /** The file or folder that decided it, or why none did. */
  because: string;
}

interface Candidate {
  name: DialectName;
  /** Settings files: one that exists decides. */
  files?: string[];
  /** Agent folders (Kiro): one with a `.json` file in it decides. */
  folders?: string[];
}

export async function detectDialect(ctx: Context): Promise<DetectedDialect> {
  const [{ geminiSettingsPaths }, { claudeSettingsPaths }, { kiroAgentDirectories }] = await Promise.all([
    import('./gemini/settings/load.js'),
    import('./claude/settings.js'),
    import('./kiro/settings.js'),
  ]);
  const gemini = geminiSettingsPaths(ctx);
  const claude = claudeSettingsPaths(ctx);
  const kiro = kiroAgentDirectories(ctx);
  const levels: Candidate[][] = [
    [
      { name: 'gemini', files: [gemini.workspace] },
      { name: 'claude', files: [claude.project, claude.local] },
      { name: 'kiro', folders: kiro.filter((d) => d.scope === 'workspace').map((d) => d.dir) },
    ],
    [
      { name: 'gemini', files: [gemini.user] },
      { name: 'claude', files: [claude.user] },
      { name: 'kiro', folders: kiro.filter((d) => d.scope === 'global').map((d) => d.dir) },
    ],
  ];
  for (const level of levels) {
    for (const candidate of level) {
      const found = candidate.files?.find((file) => isFile(file)) ?? candidate.folders?.find((folder) => hasAgentFile(folder));
      if (found) return { name: candidate.name, because: found };
    }
  }
  return { name: 'gemini', because: 'no agent configuration found' };
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function hasAgentFile(folder: string): boolean {
  try {
    return fs.readdirSync(folder).some((entry) => entry.endsWith('.json'));
  } catch {
    return false;
  }
}
