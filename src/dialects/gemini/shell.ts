// Which shell runs a hook command, and the textual variable expansion Gemini CLI applies to the command first
// (spec §3.2, §3.3). Pure: the platform, environment and file lookups are passed in.
import fs from 'node:fs';
import path from 'node:path';
import { quote } from 'shell-quote';

export type ShellType = 'bash' | 'powershell';

export interface ShellConfiguration {
  executable: string;
  /** Arguments before the command string. */
  argsPrefix: string[];
  shell: ShellType;
}

/** What shell selection looks at. A `Context` fits. */
export interface ShellHost {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** Defaults to a stat of the real filesystem; injected by tests. */
  isFile?: (file: string) => boolean;
}

/** The values the command variables expand to. */
export interface ExpansionValues {
  /** The event's `cwd` (Gemini uses it for both project dir and cwd). */
  cwd: string;
  plansDir: string;
  sessionId: string;
}

/** Everything needed to spawn a hook command. */
export interface ShellInvocation {
  file: string;
  args: string[];
  /** The command as executed: expanded, plus the PowerShell exit-code suffix. */
  command: string;
  shell: ShellType;
}

const POWERSHELL_ARGS = ['-NoProfile', '-NonInteractive', '-Command'];
/** PowerShell otherwise exits 0 when the last native command failed. */
export const POWERSHELL_EXIT_SUFFIX = '; if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }';
const SIMPLE_WINDOWS_ARG = /^[a-zA-Z0-9\-_.]+$/;

/**
 * Gemini CLI's `getShellConfiguration`. POSIX: `bash -c`. Windows: `%ComSpec%` when it names powershell.exe or
 * pwsh.exe, else pwsh.exe found on PATH (note: without -NonInteractive, as Gemini does), else powershell.exe.
 */
export function getShellConfiguration(host: ShellHost): ShellConfiguration {
  if (host.platform !== 'win32') return { executable: 'bash', argsPrefix: ['-c'], shell: 'bash' };

  const comSpec = envLookup(host, 'ComSpec');
  if (comSpec) {
    const lower = comSpec.toLowerCase();
    if (lower.endsWith('powershell.exe') || lower.endsWith('pwsh.exe')) {
      return { executable: comSpec, argsPrefix: [...POWERSHELL_ARGS], shell: 'powershell' };
    }
  }
  const pwsh = findOnWindowsPath(host, 'pwsh.exe');
  if (pwsh) return { executable: pwsh, argsPrefix: ['-NoProfile', '-Command'], shell: 'powershell' };
  return { executable: 'powershell.exe', argsPrefix: [...POWERSHELL_ARGS], shell: 'powershell' };
}

/**
 * Gemini CLI's `escapeShellArg`. Empty → empty (not `''`). bash: shell-quote's `quote([s])`, quirks included
 * (e.g. a value with both `'` and `!` keeps a literal backslash before the `!`). PowerShell: simple names as
 * they are, anything else single-quoted with `'` doubled. `cmd` exists in Gemini but is unused for hooks.
 */
export function escapeShellArg(arg: string, shell: ShellType | 'cmd'): string {
  if (!arg) return '';
  switch (shell) {
    case 'powershell':
      return SIMPLE_WINDOWS_ARG.test(arg) ? arg : `'${arg.replace(/'/g, "''")}'`;
    case 'cmd':
      return SIMPLE_WINDOWS_ARG.test(arg) ? arg : `"${arg.replace(/"/g, '""')}"`;
    case 'bash':
      return quote([arg]);
  }
}

/**
 * Gemini CLI's `expandCommand`: textual replacement of every `$GEMINI_PROJECT_DIR`, `$GEMINI_CWD`,
 * `$GEMINI_PLANS_DIR`, `$GEMINI_SESSION_ID`, `$CLAUDE_PROJECT_DIR`, in that order, each pass over the result of
 * the previous one (so an escaped value that itself contains a later name is expanded again, as in Gemini).
 * Prefix match (`$GEMINI_CWDX` → value + `X`); `${GEMINI_CWD}` is left for the shell, which finds it in the env.
 * Replacement ignores quoting: `"$GEMINI_CWD/x"` with a path containing spaces gets single quotes inside double
 * quotes, a broken path in Gemini as here.
 */
export function expandCommand(command: string, values: ExpansionValues, shell: ShellType): string {
  const cwd = escapeShellArg(values.cwd, shell);
  const plansDir = escapeShellArg(values.plansDir, shell);
  const sessionId = escapeShellArg(values.sessionId, shell);
  // Replacer functions, so `$&`-style patterns in a value stay literal.
  return command
    .replace(/\$GEMINI_PROJECT_DIR/g, () => cwd)
    .replace(/\$GEMINI_CWD/g, () => cwd)
    .replace(/\$GEMINI_PLANS_DIR/g, () => plansDir)
    .replace(/\$GEMINI_SESSION_ID/g, () => sessionId)
    .replace(/\$CLAUDE_PROJECT_DIR/g, () => cwd);
}

/** Shell selection + expansion + PowerShell suffix: the file and argv the runner spawns. */
export function buildShellInvocation(command: string, values: ExpansionValues, host: ShellHost): ShellInvocation {
  const config = getShellConfiguration(host);
  let expanded = expandCommand(command, values, config.shell);
  if (config.shell === 'powershell') expanded += POWERSHELL_EXIT_SUFFIX;
  return { file: config.executable, args: [...config.argsPrefix, expanded], command: expanded, shell: config.shell };
}

/** Windows environment names are case-insensitive; a plain object isn't. */
function envLookup(host: ShellHost, name: string): string | undefined {
  const upper = name.toUpperCase();
  for (const [key, value] of Object.entries(host.env)) {
    if (key.toUpperCase() === upper && value !== undefined) return value;
  }
  return undefined;
}

function findOnWindowsPath(host: ShellHost, name: string): string | undefined {
  const isFile = host.isFile ?? defaultIsFile;
  for (const raw of (envLookup(host, 'PATH') ?? '').split(path.win32.delimiter)) {
    const dir = raw.trim().replace(/^"(.*)"$/, '$1');
    if (!dir) continue;
    const candidate = path.win32.join(dir, name);
    if (isFile(candidate)) return candidate;
  }
  return undefined;
}

function defaultIsFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
