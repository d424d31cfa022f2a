// CLAUDE_ENV_FILE: the file a SessionStart, Setup, CwdChanged or FileChanged hook may append `export VAR=…`
// lines to (Claude Code sources them before later Bash commands). hookrun gives each hook an empty file in
// one temp directory per run and removes the directory when it exits, so nothing is left behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';

let directory: string | undefined;

export function claudeEnvFile(ctx: Context, index: number): string {
  if (!directory) {
    directory = fs.mkdtempSync(path.join(ctx.env.TMPDIR || os.tmpdir(), 'hookrun-claude-env-'));
    const made = directory;
    process.once('exit', () => fs.rmSync(made, { recursive: true, force: true }));
  }
  const file = path.join(directory, `hook-${index}.sh`);
  fs.writeFileSync(file, '', { mode: 0o600 });
  return file;
}
