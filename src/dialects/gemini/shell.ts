// Which shell runs a hook command, and the textual variable expansion Gemini CLI applies to the command first
// (docs/sources.md §G3.2, §G3.3). Pure: the platform, environment and file lookups are passed in.
import path from 'node:path';
import { quote } from 'shell-quote';
import * as observed from '../../files/journal.js';

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
  /** Where a value would be shell code in Gemini CLI: the data variables that carry it instead, and Gemini's own text. */
  dataEnv?: Record<string, string>;
  asCode?: ValueAsCode[];
  geminiCommand?: string;
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

/** The variables Gemini CLI's `expandCommand` replaces, in its order, with the value each takes. */
const EXPANDED: ReadonlyArray<readonly [string, keyof ExpansionValues]> = [
  ['GEMINI_PROJECT_DIR', 'cwd'],
  ['GEMINI_CWD', 'cwd'],
  ['GEMINI_PLANS_DIR', 'plansDir'],
  ['GEMINI_SESSION_ID', 'sessionId'],
  ['CLAUDE_PROJECT_DIR', 'cwd'],
];

/** A place where Gemini CLI's pasted value would act as shell syntax, and the data variable hookrun used instead. */
export interface ValueAsCode {
  /** The variable written in the command, e.g. `GEMINI_SESSION_ID`. */
  variable: string;
  /** `code`: a character of the value would start an expansion, a command or a redirection; `quoting`: it closes the quotes around it. */
  kind: 'code' | 'quoting';
  /** The environment variable that carries the text to the shell instead. */
  dataVariable: string;
}

/** The command hookrun runs: Gemini's text where the values stay data, else the same with those values passed through the environment. */
export interface SafeExpansion {
  command: string;
  /** Gemini CLI's expanded text (what it would execute). */
  geminiCommand: string;
  /** The data variables to add to the hook's environment. */
  env: Record<string, string>;
  asCode: ValueAsCode[];
}

interface Occurrence {
  variable: string;
  value: string;
}

/** Gemini's expansion (same text as `expandCommand`) with, for each character, the occurrence it came from (-1: the command). */
function expandTracked(command: string, values: ExpansionValues): { text: string; origin: number[]; occurrences: Occurrence[] } {
  let text = command;
  let origin: number[] = new Array<number>(command.length).fill(-1);
  const occurrences: Occurrence[] = [];
  for (const [name, key] of EXPANDED) {
    const quoted = escapeShellArg(values[key], 'bash');
    const pattern = new RegExp(`\\$${name}`, 'g');
    let out = '';
    const outOrigin: number[] = [];
    let last = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      out += text.slice(last, m.index);
      for (let k = last; k < m.index; k++) outOrigin.push(origin[k]!);
      // A name that a previous value formed belongs to that value (Gemini expands it again inside it).
      let id = -1;
      for (let k = m.index; k < m.index + m[0].length; k++) if (origin[k]! >= 0 && (id < 0 || origin[k]! < id)) id = origin[k]!;
      if (id < 0) id = occurrences.push({ variable: name, value: values[key] }) - 1;
      out += quoted;
      for (let k = 0; k < quoted.length; k++) outOrigin.push(id);
      last = m.index + m[0].length;
    }
    out += text.slice(last);
    for (let k = last; k < text.length; k++) outOrigin.push(origin[k]!);
    text = out;
    origin = outOrigin;
  }
  return { text, origin, occurrences };
}

type FrameKind = 'plain' | 'dq' | 'sq' | 'ansi' | 'backquote' | 'comment' | 'heredoc' | 'heredoc-quoted';
interface Frame {
  kind: FrameKind;
  /** What ends a `$(`, `$((` or `${` frame. */
  closer?: string;
  depth?: number;
  delimiter?: string;
  stripTabs?: boolean;
  lineStart?: boolean;
}
interface Flagged {
  id: number;
  kind: ValueAsCode['kind'];
  /** The quoting the value was pasted into. */
  context: FrameKind;
}

const OPERATOR = /[;&|<>()\n]/;
const HEREDOC_WORD_END = /[\s;&|<>()]/;

/**
 * The first value whose pasted text would act as shell syntax when bash reads `text`: an expansion, a
 * command substitution, an operator, a comment or a line break made by the value's own characters, a
 * backslash escaping across the boundary, or quotes left open or closed differently than around it.
 * A lexer for bash's quoting (plain, `"`, `'`, `$'`, backquotes, `$(`, `${`, comments, here-documents);
 * inside backquotes, whose backslash rules differ, a value's backquote or a backslash that backquotes remove
 * (before `$`, a backquote or a backslash) counts too.
 */
function firstValueAsSyntax(text: string, origin: number[]): Flagged | undefined {
  const stack: Frame[] = [{ kind: 'plain' }];
  const pending: Frame[] = [];
  let wordStart = true;
  let span = -1;
  let spanSignature = '';
  let spanContext: FrameKind = 'plain';
  const top = () => stack[stack.length - 1]!;
  const signature = () => stack.map((f) => f.kind + (f.closer ?? '')).join('/');
  const flag = (id: number, kind: ValueAsCode['kind'] = 'code'): Flagged => ({ id, kind, context: id === span ? spanContext : top().kind });
  /** A value's backslash that escapes the command's next character changes what the command means. */
  const crossEscape = (i: number): Flagged | undefined => {
    if (i + 1 >= text.length || origin[i]! < 0 || origin[i] === origin[i + 1]) return undefined;
    return flag(origin[i]!);
  };
  /** `$` from the command: what it opens. Returns how many characters it took. */
  const dollar = (i: number, inDoubleQuotes: boolean): number => {
    const next = text[i + 1];
    if (next === '(' && text[i + 2] === '(') return stack.push({ kind: 'plain', closer: '))', depth: 0 }), 3;
    if (next === '(') return stack.push({ kind: 'plain', closer: ')', depth: 0 }), 2;
    if (next === '{') return stack.push({ kind: 'plain', closer: '}' }), 2;
    if (next === "'" && !inDoubleQuotes) return stack.push({ kind: 'ansi' }), 2;
    return 1;
  };

  for (let i = 0; i < text.length; ) {
    const o = origin[i]!;
    if (o !== span) {
      if (span >= 0 && signature() !== spanSignature) return flag(span, 'quoting');
      span = o;
      if (o >= 0) {
        spanSignature = signature();
        spanContext = top().kind;
      }
    }
    const value = o >= 0;
    const c = text[i]!;
    const frame = top();
    if (value && stack.some((f) => f.kind === 'backquote')) {
      if (c === '`' || (c === '\\' && /[`$\\]/.test(text[i + 1] ?? ''))) return flag(o);
    }

    if (frame.kind === 'sq') {
      if (c === "'") stack.pop();
      i++;
      continue;
    }
    if (frame.kind === 'ansi') {
      if (c === '\\') {
        const crossed = crossEscape(i);
        if (crossed) return crossed;
        i += 2;
        continue;
      }
      if (c === "'") stack.pop();
      i++;
      continue;
    }
    if (frame.kind === 'comment') {
      if (c === '\n') {
        if (value) return flag(o);
        stack.pop();
        continue;
      }
      i++;
      continue;
    }
    if (frame.kind === 'heredoc' || frame.kind === 'heredoc-quoted') {
      if (frame.lineStart) {
        frame.lineStart = false;
        const end = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
        const line = text.slice(i, end);
        if ((frame.stripTabs ? line.replace(/^\t+/, '') : line) === frame.delimiter) {
          for (let k = i; k < end; k++) if (origin[k]! >= 0) return flag(origin[k]!);
          stack.pop();
          const next = pending.shift();
          if (next) stack.push(next);
          i = end + 1;
          continue;
        }
      }
      if (c === '\n') {
        // A line break of a value could end the here-document early (a line equal to its delimiter).
        if (value) return flag(o);
        frame.lineStart = true;
        i++;
        continue;
      }
      if (frame.kind === 'heredoc-quoted') {
        i++;
        continue;
      }
      if (c === '\\') {
        if (/[$`\\\n]/.test(text[i + 1] ?? '')) {
          const crossed = crossEscape(i);
          if (crossed) return crossed;
          i += 2;
        } else i++;
        continue;
      }
      if (c === '$' || c === '`') {
        if (value) return flag(o);
        if (c === '`') stack.push({ kind: 'backquote' }), i++;
        else i += dollar(i, true);
        continue;
      }
      i++;
      continue;
    }
    if (frame.kind === 'dq') {
      if (c === '\\') {
        if (/[$`"\\\n]/.test(text[i + 1] ?? '')) {
          const crossed = crossEscape(i);
          if (crossed) return crossed;
          i += 2;
        } else i++;
        continue;
      }
      if (c === '"') {
        stack.pop();
        i++;
        continue;
      }
      if (c === '$' || c === '`') {
        if (value) return flag(o);
        if (c === '`') stack.push({ kind: 'backquote' }), i++;
        else i += dollar(i, true);
        continue;
      }
      i++;
      continue;
    }

    // Plain text: the top level, inside `$(…)`, `${…}` or backquotes.
    if (frame.closer && text.startsWith(frame.closer, i) && (frame.closer !== ')' || frame.depth === 0)) {
      if (value) return flag(o);
      stack.pop();
      i += frame.closer.length;
      wordStart = false;
      continue;
    }
    if (frame.kind === 'backquote' && c === '`') {
      stack.pop();
      i++;
      continue;
    }
    if (c === '\\') {
      const crossed = crossEscape(i);
      if (crossed) return crossed;
      i += 2;
      wordStart = false;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      if (c === '`' && value) return flag(o);
      stack.push({ kind: c === "'" ? 'sq' : c === '"' ? 'dq' : 'backquote' });
      i++;
      wordStart = false;
      continue;
    }
    if (c === '$') {
      if (value) return flag(o);
      i += dollar(i, false);
      wordStart = false;
      continue;
    }
    if (c === '#' && wordStart) {
      if (value) return flag(o);
      stack.push({ kind: 'comment' });
      i++;
      continue;
    }
    if (OPERATOR.test(c)) {
      if (value) return flag(o);
      if (frame.closer === ')' && c === '(') frame.depth = (frame.depth ?? 0) + 1;
      if (frame.closer === ')' && c === ')') frame.depth = (frame.depth ?? 1) - 1;
      if (c === '<' && text[i + 1] === '<' && text[i + 2] !== '<') {
        let j = i + 2;
        const stripTabs = text[j] === '-';
        if (stripTabs) j++;
        while (text[j] === ' ' || text[j] === '\t') j++;
        const start = j;
        while (j < text.length && !HEREDOC_WORD_END.test(text[j]!)) j++;
        for (let k = start; k < j; k++) if (origin[k]! >= 0) return flag(origin[k]!);
        const word = text.slice(start, j);
        pending.push({
          kind: /['"\\]/.test(word) ? 'heredoc-quoted' : 'heredoc',
          delimiter: word.replace(/['"\\]/g, ''),
          stripTabs,
          lineStart: true,
        });
        i = j;
        wordStart = true;
        continue;
      }
      if (c === '\n' && pending.length > 0 && stack.length === 1) {
        stack.push(pending.shift()!);
        i++;
        continue;
      }
      i++;
      wordStart = true;
      continue;
    }
    wordStart = c === ' ' || c === '\t';
    i++;
  }
  if (span >= 0 && signature() !== spanSignature) return flag(span, 'quoting');
  return undefined;
}

/** The name of the n-th data variable of a hook's environment. */
const DATA_VARIABLE_PREFIX = 'HOOKRUN_DATA_';

/**
 * Gemini CLI's expansion, made safe: the command Gemini would run where every pasted value stays data
 * (so a benign value expands byte for byte as in Gemini); where a value's characters would act as
 * shell syntax there, that value (as Gemini pasted it, read as data in the quoting around it) reaches
 * the shell through a `HOOKRUN_DATA_<n>` environment variable instead, which bash never reads as code.
 */
export function expandCommandSafely(command: string, values: ExpansionValues): SafeExpansion {
  let { text, origin, occurrences } = expandTracked(command, values);
  const geminiCommand = text;
  const env: Record<string, string> = {};
  const asCode: ValueAsCode[] = [];
  for (let flagged = firstValueAsSyntax(text, origin); flagged; flagged = firstValueAsSyntax(text, origin)) {
    const start = origin.indexOf(flagged.id);
    const end = origin.lastIndexOf(flagged.id) + 1;
    const pasted = text.slice(start, end);
    const name = `${DATA_VARIABLE_PREFIX}${asCode.length + 1}`;
    const ref = `\${${name}}`;
    let replacement: string;
    switch (flagged.context) {
      case 'dq':
        replacement = ref;
        env[name] = pasted.replace(/\\([$`"\\\n])/g, (_, ch: string) => (ch === '\n' ? '' : ch));
        break;
      case 'heredoc':
        replacement = ref;
        env[name] = pasted.replace(/\\([$`\\\n])/g, (_, ch: string) => (ch === '\n' ? '' : ch));
        break;
      case 'sq':
        replacement = `'"${ref}"'`;
        env[name] = pasted;
        break;
      case 'ansi':
        replacement = `'"${ref}"$'`;
        env[name] = pasted;
        break;
      case 'heredoc-quoted':
        // Nothing expands in a quoted here-document: the value's line breaks are written as \n.
        replacement = pasted.replace(/\n/g, '\\n');
        break;
      default:
        replacement = `"${ref}"`;
        env[name] = occurrences[flagged.id]!.value;
    }
    text = text.slice(0, start) + replacement + text.slice(end);
    origin = [...origin.slice(0, start), ...new Array<number>(replacement.length).fill(-1), ...origin.slice(end)];
    asCode.push({ variable: occurrences[flagged.id]!.variable, kind: flagged.kind, dataVariable: name });
  }
  return { command: text, geminiCommand, env, asCode };
}

/**
 * Shell selection + expansion + PowerShell suffix: the file and argv the runner spawns. bash gets the safe
 * expansion (its data variables go into the hook's environment); PowerShell gets Gemini's text.
 */
export function buildShellInvocation(command: string, values: ExpansionValues, host: ShellHost): ShellInvocation {
  const config = getShellConfiguration(host);
  if (config.shell === 'bash') {
    const safe = expandCommandSafely(command, values);
    const invocation: ShellInvocation = { file: config.executable, args: [...config.argsPrefix, safe.command], command: safe.command, shell: config.shell };
    if (safe.asCode.length > 0) Object.assign(invocation, { dataEnv: safe.env, asCode: safe.asCode, geminiCommand: safe.geminiCommand });
    return invocation;
  }
  const expanded = expandCommand(command, values, config.shell) + POWERSHELL_EXIT_SUFFIX;
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
    return observed.statOrThrow(file).isFile();
  } catch {
    return false;
  }
}
