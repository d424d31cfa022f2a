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
  /** Set when no text is safe for a value (an arithmetic context): the hook must not start, and this says why. */
  refused?: string;
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
  /**
   * `code`: a character of the value would start an expansion, a command or a redirection; `quoting`: it
   * closes the quotes around it; `arithmetic`: the value is not a number and sits where bash evaluates text
   * as an arithmetic expression, which runs what it contains whatever the quoting (the hook does not start).
   */
  kind: 'code' | 'quoting' | 'arithmetic';
  /** The environment variable that carries the text to the shell instead (none for `arithmetic`). */
  dataVariable?: string;
}

/** The command hookrun runs: Gemini's text where the values stay data, else the same with those values passed through the environment. */
export interface SafeExpansion {
  command: string;
  /** Gemini CLI's expanded text (what it would execute). */
  geminiCommand: string;
  /** The data variables to add to the hook's environment. */
  env: Record<string, string>;
  asCode: ValueAsCode[];
  /** A value no text can carry safely (an arithmetic context): the hook must not start; why, in words. */
  refused?: string;
}

interface Occurrence {
  variable: string;
  value: string;
}

/**
 * A value pasted into the command before Gemini's expansion, raw: an extension's `${workspacePath}`,
 * substituted when its hooks.json is loaded. Every occurrence of its text counts as the value's (text equal
 * to it would run the same way).
 */
export interface PastedValue {
  /** As written in the hooks file, e.g. `{workspacePath}` (shown after a `$`). */
  variable: string;
  value: string;
}

/** Gemini's expansion (same text as `expandCommand`) with, for each character, the occurrence it came from (-1: the command). */
function expandTracked(command: string, values: ExpansionValues, pasted: readonly PastedValue[] = []): { text: string; origin: number[]; occurrences: Occurrence[] } {
  let text = command;
  let origin: number[] = new Array<number>(command.length).fill(-1);
  const occurrences: Occurrence[] = [];
  for (const { variable, value } of pasted) {
    if (value === '') continue;
    for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + value.length)) {
      if (origin.slice(at, at + value.length).some((o) => o >= 0)) continue;
      const id = occurrences.push({ variable, value }) - 1;
      origin.fill(id, at, at + value.length);
    }
  }
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
  /** What ends a `$(`, `$((`, `((`, `$[`, `${`, `[[` or subscript frame. */
  closer?: string;
  /** Open parentheses (closers `)` and `))`) or brackets (closer `]`) inside the frame. */
  depth?: number;
  /** bash evaluates the frame's text as an arithmetic expression (see ARITHMETIC). */
  arith?: boolean;
  /** `let`'s arguments: arithmetic up to the end of the simple command. */
  untilOperator?: boolean;
  /** `[[ … ]]`: its operands of -eq, -lt, … are arithmetic. */
  conditional?: boolean;
  /** A subscript's `${…}`: after the `]`, `:offset` is arithmetic too. */
  parameter?: Frame;
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

// Where bash evaluates text as an arithmetic expression: `$((…))`, `((…))`, `$[…]`, `let`'s arguments, the
// operands of `-eq`, `-ne`, `-lt`, `-le`, `-gt`, `-ge` in `[[ … ]]`, a `${name:offset:length}`, and an array
// subscript (`${a[…]}`, `a[…]=`). Its evaluation expands `$(…)` in the text and evaluates the value of every
// variable name it meets as an expression in turn, so quoting does not make a pasted value data there, and
// neither does a variable reference to it: only a number is safe (NUMBER).
const ARITHMETIC_TEST = /^-(?:eq|ne|lt|le|gt|ge)$/;
/** What shell-quote writes for a decimal integer: the digits themselves, unquoted. */
const NUMBER = /^-?[0-9]+$/;
/** The parameter of a `${…}` expansion: an optional `#` or `!`, then a name, digits or a special parameter. */
const PARAMETER = /^[#!]?(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])/;

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
  /** The last value checked for an arithmetic context (once per value, at its first character). */
  let checked = -1;
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
  /** Characters [from, to) all come from the command (none from a value). */
  const commandText = (from: number, to: number): boolean => {
    for (let k = from; k < to; k++) if (origin[k]! >= 0) return false;
    return true;
  };
  /** `$` from the command: what it opens. Returns how many characters it took. */
  const dollar = (i: number, inDoubleQuotes: boolean): number => {
    const next = text[i + 1];
    if (next === '(' && text[i + 2] === '(') return (stack.push({ kind: 'plain', closer: '))', depth: 0, arith: true }), 3);
    if (next === '(') return (stack.push({ kind: 'plain', closer: ')', depth: 0 }), 2);
    if (next === '[') return (stack.push({ kind: 'plain', closer: ']', depth: 0, arith: true }), 2);
    if (next === '{') return parameterExpansion(i);
    if (next === "'" && !inDoubleQuotes) return (stack.push({ kind: 'ansi' }), 2);
    return 1;
  };
  /** `${name…}`: a subscript after the name, or `:` not followed by `-=?+` (offset and length), are arithmetic. */
  const parameterExpansion = (i: number): number => {
    const frame: Frame = { kind: 'plain', closer: '}' };
    stack.push(frame);
    const name = PARAMETER.exec(text.slice(i + 2, i + 2 + 256))?.[0];
    if (name === undefined || !commandText(i + 2, i + 2 + name.length)) return 2;
    const after = i + 2 + name.length;
    if (text[after] === '[') return (stack.push({ kind: 'plain', closer: ']', depth: 0, arith: true, parameter: frame }), after + 1 - i);
    if (startsOffset(after)) return ((frame.arith = true), after + 1 - i);
    return after - i;
  };
  /**
   * `:` from the command at `at` that starts `${…:offset}` (not the command's own `:-`, `:=`, `:?`, `:+`). A
   * pasted value right after it is the offset the command meant, even when it starts with one of those
   * characters (a value `+…` would otherwise turn the offset into the `:+` operator and escape the check).
   */
  const startsOffset = (at: number): boolean => text[at] === ':' && origin[at]! < 0 && !(/[-=?+]/.test(text[at + 1] ?? '') && origin[at + 1]! < 0);
  /** Whether the value starting at `start` is an operand of an arithmetic test inside `[[ … ]]`. */
  const arithmeticOperand = (start: number): boolean => {
    let frameAt = stack.length - 1;
    while (frameAt >= 0 && !stack[frameAt]!.conditional) frameAt--;
    if (frameAt < 0 || stack.slice(frameAt + 1).some((f) => f.closer !== undefined)) return false;
    const end = origin.lastIndexOf(origin[start]!) + 1;
    const before = text
      .slice(0, start)
      .replace(/[^\s]*$/, '')
      .trimEnd();
    const after = text
      .slice(end)
      .replace(/^[^\s]*/, '')
      .trimStart();
    return ARITHMETIC_TEST.test(/[^\s]*$/.exec(before)![0]) || ARITHMETIC_TEST.test(/^[^\s]*/.exec(after)![0]);
  };
  /**
   * At the start of a word from the command: `((`, `let `, `[[ ` or `name[` open a frame where bash evaluates
   * arithmetic (or, for `[[`, may). Returns how many characters it took, 0 for none.
   */
  const arithmeticWord = (i: number): number => {
    if (text.startsWith('((', i) && commandText(i, i + 2)) return (stack.push({ kind: 'plain', closer: '))', depth: 0, arith: true }), 2);
    const word = /^(?:let[ \t]|\[\[[ \t]|[A-Za-z_][A-Za-z0-9_]*\[)/.exec(text.slice(i, i + 256))?.[0];
    if (word === undefined || !commandText(i, i + word.length)) return 0;
    if (word.startsWith('let')) stack.push({ kind: 'plain', arith: true, untilOperator: true });
    else if (word.startsWith('[[')) stack.push({ kind: 'plain', closer: ']]', conditional: true });
    else stack.push({ kind: 'plain', closer: ']', depth: 0, arith: true });
    return word.length;
  };
  /** The value at `i` sits where bash evaluates text arithmetically and is not a number: no quoting makes it data. */
  const arithmeticValue = (i: number): boolean => {
    const o = origin[i]!;
    if (!stack.some((f) => f.arith) && !arithmeticOperand(origin.indexOf(o))) return false;
    return !NUMBER.test(text.slice(origin.indexOf(o), origin.lastIndexOf(o) + 1));
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
    if (value && o !== checked) {
      checked = o;
      if (arithmeticValue(i)) return flag(o, 'arithmetic');
    }
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

    // Plain text: the top level, inside `$(…)`, `$((…))`, `((…))`, `$[…]`, `${…}`, `[[…]]`, a subscript or backquotes.
    if (frame.untilOperator && OPERATOR.test(c)) {
      stack.pop();
      continue;
    }
    if (frame.closer && text.startsWith(frame.closer, i) && (frame.depth === undefined || frame.depth === 0)) {
      if (value) return flag(o);
      stack.pop();
      i += frame.closer.length;
      wordStart = false;
      // `${a[i]:offset}`: after the subscript, an offset is arithmetic too.
      if (frame.parameter && startsOffset(i)) frame.parameter.arith = true;
      continue;
    }
    if (frame.closer === ']' && (c === '[' || c === ']')) {
      frame.depth = frame.depth! + (c === '[' ? 1 : -1);
      i++;
      continue;
    }
    if (wordStart && !value && frame.kind === 'plain') {
      const opened = arithmeticWord(i);
      if (opened > 0) {
        i += opened;
        wordStart = false;
        continue;
      }
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
      if ((frame.closer === ')' || frame.closer === '))') && c === '(') frame.depth = (frame.depth ?? 0) + 1;
      if ((frame.closer === ')' || frame.closer === '))') && c === ')') frame.depth = (frame.depth ?? 1) - 1;
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
export function expandCommandSafely(command: string, values: ExpansionValues, pasted: readonly PastedValue[] = []): SafeExpansion {
  let { text, origin, occurrences } = expandTracked(command, values, pasted);
  const geminiCommand = text;
  const env: Record<string, string> = {};
  const asCode: ValueAsCode[] = [];
  for (let flagged = firstValueAsSyntax(text, origin); flagged; flagged = firstValueAsSyntax(text, origin)) {
    if (flagged.kind === 'arithmetic') {
      // No text is data there, not even a variable reference (its value is evaluated in turn): refused.
      const { variable, value } = occurrences[flagged.id]!;
      asCode.push({ variable, kind: 'arithmetic' });
      const shown = value.length > 80 ? `${JSON.stringify(value.slice(0, 80))}…` : JSON.stringify(value);
      const refused =
        `the value of $${variable}, ${shown}, is not a number and sits in an arithmetic context of the command ($((…)), ((…)), $[…], let, ` +
        `an operand of -eq/-lt/… in [[ … ]], \${name:offset} or an array subscript), where bash runs the $(…) it contains whatever the quoting; ` +
        `hookrun does not start the hook`;
      return { command: text, geminiCommand, env, asCode, refused };
    }
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
export function buildShellInvocation(command: string, values: ExpansionValues, host: ShellHost, pasted: readonly PastedValue[] = []): ShellInvocation {
  const config = getShellConfiguration(host);
  if (config.shell === 'bash') {
    const safe = expandCommandSafely(command, values, pasted);
    const invocation: ShellInvocation = { file: config.executable, args: [...config.argsPrefix, safe.command], command: safe.command, shell: config.shell };
    if (safe.asCode.length > 0) Object.assign(invocation, { dataEnv: safe.env, asCode: safe.asCode, geminiCommand: safe.geminiCommand });
    if (safe.refused) invocation.refused = safe.refused;
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
