// Tiny hook programs and process-group probes for tests that run real processes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh real directory (symlinks resolved), removed by the caller. */
export function tempDir(prefix = 'hookrun-exec-'): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

/** Write a script file; executable unless a mode says otherwise. */
export function writeScript(dir: string, name: string, body: string, mode = 0o755): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, body);
  fs.chmodSync(file, mode);
  return file;
}

/**
 * A minimal environment for hook processes. HOME points at `home` and SHLVL is set because bash whose stdin is
 * a socket (Node's stdio pipes are socketpairs) sources ~/.bashrc when SHLVL < 2, which is slow and noisy.
 */
export function hookEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, SHLVL: '1', LANG: 'C.UTF-8', ...extra };
}

/** `bash -c <command>`, as the runner builds it on POSIX. */
export function bash(command: string): { file: string; args: string[] } {
  return { file: 'bash', args: ['-c', command] };
}

/** Does the process group still hold a process that is not a zombie? (Linux /proc; zombies await init.) */
export function groupHasLiveMember(pgid: number): boolean {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'latin1');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') return true;
  }
  return false;
}

/** Is anything, zombies included, left in the group? kill(-pgid, 0) → ESRCH means empty. */
export function groupExists(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/**
 * Wait until kill(-pgid, 0) reports ESRCH. Killed members are gone at once, but as zombies they stay in the
 * group until init reaps them, which takes up to ~1 s in some sandboxes.
 */
export async function waitForGroupGone(pgid: number, withinMs = 5000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!groupExists(pgid)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return !groupExists(pgid);
}

/** Kill a stray pid a test started on purpose (ESRCH is fine: it is already gone). */
export function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** First line of output as a number (hooks print `$$`, their pgid). */
export function firstNumber(text: string): number {
  const value = Number(text.trim().split(/\s+/)[0]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`expected a pid, got ${JSON.stringify(text)}`);
  return value;
}
