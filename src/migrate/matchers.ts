// Matcher translation, pure. Claude Code matches exact names or unanchored regexes over its own tool names;
// Kiro CLI exact names, aliases, `@server` forms and globs; Gemini CLI an unanchored regex over its names on
// tool events and an exact string on lifecycle events. A regex over one vocabulary cannot be rewritten
// into another textually, so built-in names are enumerated: the source matcher is tried on every known
// source tool, and the Gemini names of those it selects become an anchored alternation.
import { classifyMatcher } from '../dialects/claude/matcher.js';
import type { ClaudeProfile } from '../dialects/claude/version.js';
import type { Diagnostic } from '../types.js';
import { CLAUDE_TOOL_MAP, type EventMapping, escapeRegex, exactNamesRegex, geminiMcpName, KIRO_TOOL_MAP } from './maps.js';

export type Note = Pick<Diagnostic, 'severity' | 'code' | 'message'>;

/** One Gemini matcher per definition to write (undefined: no matcher), or why the hooks cannot be carried. */
export type MatcherConversion =
  | { ok: true; matchers: (string | undefined)[]; notes: Note[] }
  | { ok: false; reason: string; code: string; notes: Note[] };

const ok = (matchers: (string | undefined)[], notes: Note[] = []): MatcherConversion => ({ ok: true, matchers, notes });
const fail = (code: string, reason: string, notes: Note[] = []): MatcherConversion => ({ ok: false, code, reason, notes });

const CLAUDE_MCP = /^mcp__(.+?)__(.+)$/;

/** Claude Code tool matcher (PreToolUse, PostToolUse) → Gemini tool regex. */
export function convertClaudeToolMatcher(matcher: string | undefined, profile: ClaudeProfile): MatcherConversion {
  const kind = classifyMatcher(matcher, profile);
  if (kind.kind === 'all') return ok([undefined]);
  const notes: Note[] = [];
  if (kind.kind === 'list') {
    const names: string[] = [];
    for (const item of kind.items) {
      const mcp = CLAUDE_MCP.exec(item);
      if (Object.hasOwn(CLAUDE_TOOL_MAP, item)) {
        const gemini = CLAUDE_TOOL_MAP[item];
        if (gemini) names.push(gemini);
        else notes.push({ severity: 'warning', code: 'tool-not-in-gemini', message: `Claude Code tool "${item}" has no Gemini CLI equivalent; dropped from the matcher` });
      } else if (mcp) {
        names.push(geminiMcpName(mcp[1]!, mcp[2]!));
      } else if (item.startsWith('mcp__')) {
        notes.push({ severity: 'warning', code: 'matcher-never-fires', message: `"${item}" is compared as an exact tool name and matches no tool in Claude Code either (use "${item}__.*"); dropped` });
      } else {
        notes.push({ severity: 'warning', code: 'tool-not-in-gemini', message: `"${item}" is not a Claude Code tool hookrun knows; no Gemini CLI name to map it to; dropped from the matcher` });
      }
    }
    if (names.length === 0) return fail('matcher-never-fires', `matcher "${matcher}" selects no tool Gemini CLI has`, notes);
    return ok([exactNamesRegex(names)], notes);
  }
  if (!kind.regex) return fail('matcher-never-fires', `matcher "${matcher}" is not a valid regular expression (${kind.error}); it never fires in Claude Code`);

  const regex = kind.regex;
  const known = Object.keys(CLAUDE_TOOL_MAP);
  const selected = known.filter((name) => regex.test(name));
  const everything = selected.length === known.length && regex.test('mcp__probe__probe') && regex.test('ZzUnknownTool');
  if (everything) return ok([undefined], [{ severity: 'info', code: 'regex-matcher-enumerated', message: `regex "${matcher}" matches every tool; written without a matcher` }]);

  const gemini = [...new Set(selected.map((name) => CLAUDE_TOOL_MAP[name]).filter((n): n is string => Boolean(n)))];
  const missing = selected.filter((name) => !CLAUDE_TOOL_MAP[name]);
  const parts: string[] = [];
  if (gemini.length > 0) parts.push(exactNamesRegex(gemini));
  const mentionsMcp = /mcp/.test(matcher!) || regex.test('mcp__probe__probe');
  if (mentionsMcp) {
    // Claude's mcp__server__tool is Gemini's mcp_server_tool: translate the separators in the pattern.
    const translated = matcher!.replace(/mcp__/g, 'mcp_').replace(/__/g, '_');
    parts.push(translated);
    notes.push({ severity: 'warning', code: 'mcp-matcher-translated', message: `MCP part of "${matcher}" translated textually to "${translated}" (Claude names MCP tools mcp__server__tool, Gemini CLI mcp_server_tool); check it` });
  }
  if (parts.length === 0) {
    return fail('matcher-never-fires', `regex "${matcher}" matches no Claude Code tool that Gemini CLI has${missing.length ? ` (it matches ${missing.join(', ')}, which Gemini CLI lacks)` : ''}`, notes);
  }
  const written = parts.length === 1 ? parts[0]! : parts.map((p) => `(?:${p})`).join('|');
  if (selected.length === 0) return ok([written], notes);
  notes.push({
    severity: 'info',
    code: 'regex-matcher-enumerated',
    message: `regex "${matcher}" selects the Claude Code tools ${selected.join(', ')}; written as "${written}"${missing.length ? `; ${missing.join(', ')} ha${missing.length === 1 ? 's' : 've'} no Gemini CLI equivalent` : ''}`,
  });
  return ok([written], notes);
}

/**
 * Claude lifecycle matcher (SessionStart source, SessionEnd reason, PreCompact trigger) → Gemini exact strings.
 * Gemini compares these exactly (no `|`, no regex), so a matcher selecting several values becomes one
 * definition per value.
 */
export function convertLifecycleMatcher(matcher: string | undefined, mapping: EventMapping, profile: ClaudeProfile, field: string): MatcherConversion {
  const values = mapping.values ?? {};
  const kind = classifyMatcher(matcher, profile);
  const selected =
    kind.kind === 'all'
      ? Object.keys(values)
      : kind.kind === 'list'
        ? kind.items
        : kind.regex
          ? Object.keys(values).filter((v) => kind.regex!.test(v))
          : [];
  if (kind.kind === 'regex' && !kind.regex) return fail('matcher-never-fires', `matcher "${matcher}" is not a valid regular expression; it never fires in Claude Code`);
  const notes: Note[] = [];
  const gemini: string[] = [];
  for (const value of selected) {
    const target = Object.hasOwn(values, value) ? values[value] : undefined;
    if (target) {
      if (!gemini.includes(target)) gemini.push(target);
      if (target !== value && kind.kind !== 'all') {
        notes.push({ severity: 'info', code: 'lifecycle-value-mapped', message: `${field} "${value}" is "${target}" in Gemini CLI` });
      }
    } else if (kind.kind !== 'all') {
      notes.push({ severity: 'warning', code: 'lifecycle-value-dropped', message: `Gemini CLI never reports ${field} "${value}"; that part of the matcher is dropped` });
    }
  }
  if (gemini.length === 0) return fail('matcher-never-fires', `matcher "${matcher}" selects no ${field} that Gemini CLI reports`, notes);
  const allGemini = [...new Set(Object.values(values).filter((v): v is string => Boolean(v)))];
  if (kind.kind === 'all' || allGemini.every((v) => gemini.includes(v))) return ok([undefined], notes);
  if (gemini.length > 1) {
    notes.push({ severity: 'info', code: 'lifecycle-matcher-split', message: `Gemini CLI compares ${field} exactly (no "|" or regex), so "${matcher}" becomes ${gemini.length} definitions: ${gemini.map((g) => `"${g}"`).join(', ')}` });
  }
  return ok(gemini, notes);
}

/** Every Kiro name (canonical and alias) a glob or name can select; a tool matches if either of its names does. */
const KIRO_NAMES = Object.keys(KIRO_TOOL_MAP);

/** Kiro CLI matcher (A.8) → Gemini tool regex. */
export function convertKiroMatcher(matcher: string | undefined): MatcherConversion {
  if (matcher === undefined || matcher === '' || matcher === '*') return ok([undefined]);
  if (matcher === '@builtin') {
    return ok(['^(?!mcp_)'], [{ severity: 'info', code: 'builtin-matcher', message: '"@builtin" (every tool that is not an MCP tool) written as "^(?!mcp_)"' }]);
  }
  const glob = /[*?]/.test(matcher);
  if (matcher.startsWith('@')) {
    const slash = matcher.indexOf('/');
    const server = slash < 0 ? matcher.slice(1) : matcher.slice(1, slash);
    const tool = slash < 0 ? undefined : matcher.slice(slash + 1);
    if (!glob) {
      return ok([tool === undefined ? `^${escapeRegex(geminiMcpName(server, ''))}` : `^${escapeRegex(geminiMcpName(server, tool))}$`]);
    }
    // Kiro globs cross `/`; Gemini's MCP names put `_` where Kiro puts `/`.
    const source = `mcp_${matcher.slice(1).replace('/', '_')}`;
    return ok([`^${globToRegexSource(source)}$`], [{ severity: 'info', code: 'glob-matcher', message: `glob "${matcher}" written as the anchored regex "^${globToRegexSource(source)}$"` }]);
  }
  if (!glob) {
    if (Object.hasOwn(KIRO_TOOL_MAP, matcher)) {
      const names = KIRO_TOOL_MAP[matcher]!;
      if (names.length === 0) return fail('tool-not-in-gemini', `Kiro tool "${matcher}" has no Gemini CLI equivalent`);
      return ok([exactNamesRegex(names)]);
    }
    if (/[|()[\]\\^$+]/.test(matcher)) {
      return fail('matcher-never-fires', `Kiro compares "${matcher}" as a literal tool name (no regex), so it never fires in Kiro`);
    }
    return fail('tool-not-in-gemini', `"${matcher}" is not a Kiro tool hookrun knows; no Gemini CLI name to map it to`);
  }
  let regex: RegExp;
  try {
    regex = new RegExp(`^${globToRegexSource(matcher)}$`);
  } catch {
    return fail('matcher-never-fires', `"${matcher}" is not a valid glob; Kiro never matches it`);
  }
  const selected = KIRO_NAMES.filter((name) => regex.test(name));
  const gemini = [...new Set(selected.flatMap((name) => KIRO_TOOL_MAP[name]!))];
  const notes: Note[] = [];
  if (matcher.startsWith('*')) {
    notes.push({ severity: 'warning', code: 'glob-mcp-not-carried', message: `in Kiro, glob "${matcher}" also matches MCP tools (@server/tool); only built-in tools are carried` });
  }
  if (gemini.length === 0) return fail('matcher-never-fires', `glob "${matcher}" selects no Kiro tool that Gemini CLI has`, notes);
  const written = exactNamesRegex(gemini);
  notes.push({ severity: 'info', code: 'glob-matcher', message: `glob "${matcher}" selects the Kiro tools ${selected.join(', ')}; written as "${written}"` });
  return ok([written], notes);
}

/** globset semantics: `*` any run of characters (also `/`), `?` one, `[...]` a class, `{a,b}` alternatives. */
export function globToRegexSource(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*') out += '.*';
    else if (ch === '?') out += '.';
    else if (ch === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) {
        out += '\\[';
        continue;
      }
      const body = glob.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\');
      out += `[${body}]`;
      i = end;
    } else if (ch === '{') {
      const end = glob.indexOf('}', i + 1);
      if (end < 0) {
        out += '\\{';
        continue;
      }
      out += `(?:${glob.slice(i + 1, end).split(',').map(escapeRegex).join('|')})`;
      i = end;
    } else out += escapeRegex(ch);
  }
  return out;
}
