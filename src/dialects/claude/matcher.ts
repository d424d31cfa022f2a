// Claude Code's matcher rules (docs/sources.md §B.5) and the handler-level `if` filter (B.2, current).
// Pure: strings in, verdicts with the rule that decided out (for --dry-run and explain).
import type { ClaudeProfile } from './version.js';
import { boundedTest, hangReason } from '../../pipeline/regex.js';

export type MatcherKind = { kind: 'all' } | { kind: 'list'; items: string[] } | { kind: 'regex'; regex?: RegExp; error?: string };

/**
 * `*`, empty or absent: everything. Only "simple" characters: an exact, case-sensitive name or a list split on
 * `|` (and `,`, with surrounding spaces, since 2.1.191). Anything else: an unanchored JavaScript RegExp.
 * The simple set grew over versions: classic `[A-Za-z0-9_|]`, then `,` and space, then `-` (2.1.195).
 */
export function classifyMatcher(matcher: string | undefined, profile: ClaudeProfile, narrow = false): MatcherKind {
  if (matcher === undefined || matcher === '' || matcher === '*') return { kind: 'all' };
  // FileChanged and StopFailure keep the narrow set `[A-Za-z0-9_|]` whatever the version.
  if (narrow) profile = { ...profile, listCommas: false, listHyphens: false };
  const simple = profile.listHyphens ? /^[A-Za-z0-9_\- ,|]+$/ : profile.listCommas ? /^[A-Za-z0-9_ ,|]+$/ : /^[A-Za-z0-9_|]+$/;
  if (simple.test(matcher)) {
    const separator = profile.listCommas ? /[|,]/ : /\|/;
    return { kind: 'list', items: matcher.split(separator).map((item) => item.trim()) };
  }
  try {
    return { kind: 'regex', regex: new RegExp(matcher) };
  } catch (error) {
    return { kind: 'regex', error: (error as Error).message };
  }
}

export interface MatchVerdict {
  matches: boolean;
  rule: string;
  /** The regex did not finish within hookrun's budget (Claude Code would hang there): planned as a hook that cannot run. */
  hangs?: true;
}

/** A pattern's test under hookrun's time budget; a runaway match is a verdict of its own. */
function testOrHang(regex: RegExp, value: string, shown: string): { matches: boolean } | MatchVerdict {
  const matches = boundedTest(regex, value);
  return matches === undefined ? { matches: true, rule: hangReason(shown, value, 'Claude Code'), hangs: true } : { matches };
}

export function matchClaude(matcher: string | undefined, value: string, field: string, profile: ClaudeProfile, narrow = false): MatchVerdict {
  const kind = classifyMatcher(matcher, profile, narrow);
  if (kind.kind === 'all') return { matches: true, rule: matcher ? `matcher "${matcher}" matches everything` : 'no matcher: matches everything' };
  if (kind.kind === 'list') {
    const matches = kind.items.includes(value);
    const what = kind.items.length === 1 ? `exact name "${kind.items[0]}"` : `exact list [${kind.items.join(', ')}]`;
    return { matches, rule: `${field} "${value}" ${matches ? 'is' : 'is not'} the ${what} (case-sensitive, no substring)` };
  }
  if (!kind.regex) return { matches: false, rule: `matcher "${matcher}" is not a valid regular expression (${kind.error}), so it matches nothing` };
  const tested = testOrHang(kind.regex, value, String(matcher));
  if ('hangs' in tested) return tested;
  const { matches } = tested;
  return { matches, rule: `regex /${matcher}/ (unanchored) ${matches ? 'matches' : 'does not match'} ${field} "${value}"` };
}

// ---------------------------------------------------------------------------------------------------------
// `if`: one permission rule, `Tool` or `Tool(pattern)`, checked against the tool call (current generation).

/** Tools whose permission rules take a path pattern, and the input field holding the path. */
const PATH_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Read: ['file_path'],
  Edit: ['file_path'],
  MultiEdit: ['file_path'],
  Write: ['file_path'],
  NotebookEdit: ['notebook_path', 'file_path'],
  Glob: ['path'],
  Grep: ['path'],
};

export interface IfContext {
  toolName: string;
  toolInput: Record<string, unknown>;
  /** The event's cwd: relative path patterns are anchored there. */
  cwd: string;
  home: string;
  /** Before 2.1.214 a single-segment directory pattern (`src/**`) matched that directory at any depth. */
  unanchoredDirs?: boolean;
}

/**
 * Does the handler's `if` rule let it run for this tool call? Best effort, as Claude Code's own filter is:
 * Bash patterns are checked against every subcommand (split on `&&`, `||`, `;`, `|`, inside `$()` and
 * backticks, leading `VAR=value` stripped); a command that cannot be split, or a pattern with arguments
 * against a command using `$()`, backticks or `$VAR`, runs the hook (fails open). File tools take a
 * gitignore-style path pattern; WebFetch `domain:host`. Other tools' argument patterns are not interpreted
 * (the hook runs).
 */
export function matchIf(rule: string, ctx: IfContext): MatchVerdict {
  const parsed = /^\s*([^\s()]+)\s*(?:\((.*)\))?\s*$/s.exec(rule);
  if (!parsed) return { matches: true, rule: `if "${rule}" is not a permission rule; Claude Code's filter fails open, so the hook runs` };
  const [, tool, pattern] = parsed as unknown as [string, string, string | undefined];
  if (tool !== ctx.toolName) return { matches: false, rule: `if "${rule}": the tool is ${ctx.toolName}, not ${tool}` };
  if (pattern === undefined || pattern === '' || pattern === '*') return { matches: true, rule: `if "${rule}" matches every ${tool} call` };
  if (tool === 'Bash') return matchBashRule(rule, pattern, ctx.toolInput.command);
  const fields = PATH_FIELDS[tool];
  if (fields) {
    const value = fields.map((f) => ctx.toolInput[f]).find((v): v is string => typeof v === 'string');
    if (value === undefined) return { matches: true, rule: `if "${rule}": the call has no path to check, so the hook runs` };
    const tested = testOrHang(pathRuleRegex(pattern, ctx), absolutePath(value, ctx), `if "${rule}"`);
    if ('hangs' in tested) return tested;
    const { matches } = tested;
    return { matches, rule: `if "${rule}": path "${value}" ${matches ? 'matches' : 'does not match'} "${pattern}"` };
  }
  if (tool === 'WebFetch' && pattern.startsWith('domain:')) {
    const url = ctx.toolInput.url;
    let host: string | undefined;
    try {
      host = typeof url === 'string' ? new URL(url).hostname : undefined;
    } catch {
      host = undefined;
    }
    const matches = host === undefined || host === pattern.slice('domain:'.length);
    return { matches, rule: `if "${rule}": host ${host ?? '(none)'} ${matches ? 'matches' : 'does not match'}` };
  }
  return { matches: true, rule: `if "${rule}": hookrun does not interpret argument patterns for ${tool}; the hook runs` };
}

function matchBashRule(rule: string, pattern: string, command: unknown): MatchVerdict {
  if (typeof command !== 'string') return { matches: true, rule: `if "${rule}": the call has no command, so the hook runs` };
  const subcommands = splitShellCommand(command);
  if (!subcommands) return { matches: true, rule: `if "${rule}": the command cannot be parsed, so the hook runs (fails open)` };
  const wildcard = compileRulePattern(pattern);
  let hang: MatchVerdict | undefined;
  const hit = subcommands.find((sub) => {
    const tested = testOrHang(wildcard, sub, `if "${rule}"`);
    if ('hangs' in tested) hang = tested;
    return tested.matches;
  });
  if (hang) return hang;
  if (hit !== undefined) return { matches: true, rule: `if "${rule}": subcommand "${hit}" matches` };
  const specific = /\s/.test(pattern.replace(/[\s:]*\*$/, '').trim());
  if (specific && /\$\(|`|\$[A-Za-z_{]/.test(command)) {
    return { matches: true, rule: `if "${rule}": the command uses $(), backticks or $VAR, so a pattern with arguments runs the hook` };
  }
  return { matches: false, rule: `if "${rule}": no subcommand of "${command}" matches` };
}

/** `npm run test:*` (legacy form: a prefix, so `npm run test:unit` too) or a wildcard pattern where `*` is any text. */
function compileRulePattern(pattern: string): RegExp {
  const legacy = /^(.*):\*$/.exec(pattern);
  if (legacy) return new RegExp(`^${escapeRegex(legacy[1]!)}`, 's');
  const body = pattern
    .split('*')
    .map(escapeRegex)
    .join('.*')
    // `git *` also matches a bare `git`, as a trailing space-star means "with any arguments".
    .replace(/ \.\*$/, '( .*)?');
  return new RegExp(`^${body}$`, 's');
}

/**
 * Splits a shell command into its simple commands, including those inside `$()` and backticks, with leading
 * assignments removed. Returns undefined when quotes or parentheses do not balance.
 */
export function splitShellCommand(command: string): string[] | undefined {
  const out: string[] = [];
  const nested: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (quote === '"' && ch === '$' && command[i + 1] === '(') {
        const end = closingParen(command, i + 1);
        if (end < 0) return undefined;
        nested.push(command.slice(i + 2, end));
      }
      current += ch;
      continue;
    }
    if (ch === '\\') {
      current += ch + (command[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      current += ch;
      continue;
    }
    if (ch === '$' && command[i + 1] === '(') {
      const end = closingParen(command, i + 1);
      if (end < 0) return undefined;
      nested.push(command.slice(i + 2, end));
      current += command.slice(i, end + 1);
      i = end;
      continue;
    }
    if (ch === '`') {
      const end = command.indexOf('`', i + 1);
      if (end < 0) return undefined;
      nested.push(command.slice(i + 1, end));
      current += command.slice(i, end + 1);
      i = end;
      continue;
    }
    // `2>&1` and `&>file` are redirections, not separators.
    if (ch === '&' && (command[i - 1] === '>' || command[i + 1] === '>')) {
      current += ch;
      continue;
    }
    if (ch === ';' || ch === '|' || ch === '&' || ch === '\n') {
      out.push(current);
      current = '';
      if ((ch === '|' || ch === '&') && command[i + 1] === ch) i++;
      continue;
    }
    current += ch;
  }
  if (quote) return undefined;
  out.push(current);
  for (const inner of nested) {
    const parts = splitShellCommand(inner);
    if (!parts) return undefined;
    out.push(...parts);
  }
  return out.map(stripAssignments).filter((part) => part !== '');
}

function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

function stripAssignments(part: string): string {
  let rest = part.trim();
  for (;;) {
    const m = /^[A-Za-z_][A-Za-z0-9_]*=(?:'[^']*'|"[^"]*"|\S*)\s+/.exec(rest);
    if (!m) return rest;
    rest = rest.slice(m[0].length);
  }
}

/**
 * gitignore-style path rule: `//abs` absolute, `~/x` home, `/x` and `./x` relative to cwd, a pattern with a
 * `/` anchored at cwd, one without a `/` matching a name at any depth; `**` spans directories, `*` and `?` not.
 */
export function matchPathRule(pattern: string, filePath: string, ctx: Pick<IfContext, 'cwd' | 'home' | 'unanchoredDirs'>): boolean {
  return pathRuleRegex(pattern, ctx).test(absolutePath(filePath, ctx));
}

/** The path a rule is tested against: absolute, relative ones taken from the event's cwd. */
function absolutePath(filePath: string, ctx: Pick<IfContext, 'cwd'>): string {
  return filePath.startsWith('/') ? filePath : `${ctx.cwd.replace(/\/$/, '')}/${filePath}`;
}

/** The gitignore-style rule (see matchPathRule) as an anchored regular expression. */
function pathRuleRegex(pattern: string, ctx: Pick<IfContext, 'cwd' | 'home' | 'unanchoredDirs'>): RegExp {
  let anchor = ctx.cwd;
  let body = pattern;
  if (ctx.unanchoredDirs && /^[^/*?]+\/\*\*$/.test(body)) body = `**/${body}`;
  if (body.startsWith('//')) {
    anchor = '';
    body = body.slice(1);
  } else if (body.startsWith('~/')) {
    anchor = ctx.home;
    body = body.slice(1);
  } else if (body.startsWith('./')) {
    body = body.slice(1);
  } else if (!body.startsWith('/')) {
    body = body.includes('/') ? `/${body}` : `/**/${body}`;
  }
  const full = `${anchor.replace(/\/$/, '')}${body}`;
  return globToRegex(full);
}

function globToRegex(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (ch === '*') out += '[^/]*';
    else if (ch === '?') out += '[^/]';
    else out += escapeRegex(ch);
  }
  return new RegExp(`^${out}$`);
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
