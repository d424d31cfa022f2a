// Matcher translation through the neutral model, pure. A regex over one agent's tool names cannot be rewritten
// into another's textually, so a reader tries the source matcher, with the source agent's own rule, on every
// tool name the vocabulary knows for that agent, and keeps the canonical tools of those it selects; a writer
// spells those tools in the target's names and syntax. MCP tools are carried by name (exact) or as a textual
// translation of the pattern (mcp__server__tool ↔ mcp_server_tool ↔ @server/tool).
import type { McpSelector, NeutralMatcher, Note } from './model.js';
import { boundedTest, REGEX_BUDGET_MS } from '../pipeline/regex.js';
import { type AgentEvent, type AgentName, CANONICAL_VALUES, canonicalTools, type ToolMatcherSyntax, toolNames, VALUE_FIELDS, VOCABULARY } from './lookup.js';

export type { Note };

/** A matcher as an exact-name list or a regex (or everything), as the source agent tells them apart. */
export type ListOrRegex = { kind: 'all' } | { kind: 'list'; items: string[] } | { kind: 'regex'; regex?: RegExp; error?: string };

/**
 * The source agent's rule for telling its exact-name lists from its regexes (the `claude` matcher syntax, whose
 * list characters differ by agent and version): its migrate reader supplies it.
 */
export type MatcherClassifier = (matcher: string) => ListOrRegex;

export type MatcherReading = { ok: true; matcher: NeutralMatcher; notes: Note[] } | { ok: false; code: string; reason: string; notes: Note[] };

/** One target matcher per definition to write (undefined: no matcher), or why the hooks cannot be carried. */
export type MatcherConversion = { ok: true; matchers: (string | undefined)[]; notes: Note[] } | { ok: false; reason: string; code: string; notes: Note[] };

const read = (matcher: NeutralMatcher, notes: Note[] = []): MatcherReading => ({ ok: true, matcher, notes });
const unread = (code: string, reason: string, notes: Note[] = []): MatcherReading => ({ ok: false, code, reason, notes });
const ok = (matchers: (string | undefined)[], notes: Note[] = []): MatcherConversion => ({ ok: true, matchers, notes });
const fail = (code: string, reason: string, notes: Note[] = []): MatcherConversion => ({ ok: false, code, reason, notes });

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** An anchored regex matching exactly these names. */
function exactNamesRegex(names: readonly string[]): string {
  const unique = [...new Set(names)];
  return unique.length === 1 ? `^${escapeRegex(unique[0]!)}$` : `^(${unique.map(escapeRegex).join('|')})$`;
}

const label = (agent: AgentName) => VOCABULARY[agent].label;

function required(agent: AgentName, classify: MatcherClassifier | undefined): MatcherClassifier {
  if (!classify) throw new Error(`${label(agent)}'s matchers are exact-name lists or regexes: its migrate reader must supply the rule that tells them apart`);
  return classify;
}

const PROBE_UNKNOWN = 'ZzUnknownTool';

// ---------------------------------------------------------------------------------------------------------
// Reading: an agent's tool matcher → canonical tools.

/** The tool matcher of `agent` as a neutral selection (`classify`: the agent's list-or-regex rule, for that syntax). */
export function readToolMatcher(
  agent: AgentName,
  matcher: string | undefined,
  classify?: MatcherClassifier,
  syntax: ToolMatcherSyntax = VOCABULARY[agent].toolMatcher,
): MatcherReading {
  return bounded(agent, matcher, () => toolMatcher(agent, matcher, classify, syntax));
}

/** A match that ran past hookrun's regex budget (plan/regex.ts): the reading stops there. */
class MatchHangs extends Error {
  constructor(readonly value: string) {
    super(value);
  }
}

/** `regex.test` under hookrun's budget; a runaway match throws MatchHangs, which `bounded` turns into a reading. */
function testBounded(regex: RegExp): (value: string) => boolean {
  return (value) => {
    const matches = boundedTest(regex, value);
    if (matches === undefined) throw new MatchHangs(value);
    return matches;
  };
}

function bounded(agent: AgentName, matcher: string | undefined, reading: () => MatcherReading): MatcherReading {
  try {
    return reading();
  } catch (error) {
    if (!(error instanceof MatchHangs)) throw error;
    return unread(
      'matcher-hangs',
      `matcher "${matcher}" did not finish within ${REGEX_BUDGET_MS} ms on "${error.value}": ${label(agent)} would hang (or, with a linear-time engine, decide) where hookrun cannot; not carried`,
    );
  }
}

function toolMatcher(agent: AgentName, matcher: string | undefined, classify: MatcherClassifier | undefined, syntax: ToolMatcherSyntax): MatcherReading {
  if (syntax === 'kiro-glob') return readKiroGlob(agent, matcher);
  if (matcher === undefined || matcher.trim() === '' || matcher.trim() === '*') return read({ kind: 'all' });
  if (syntax === 'names-or-regex') {
    const kind = required(agent, classify)(matcher);
    if (kind.kind === 'all') return read({ kind: 'all' });
    if (kind.kind === 'list') return readNames(agent, kind.items);
    if (!kind.regex) return unread('matcher-never-fires', `matcher "${matcher}" is not a valid regular expression (${kind.error}); it never fires in ${label(agent)}`);
    return readRegex(agent, matcher, testBounded(kind.regex));
  }
  let regex: RegExp;
  try {
    regex = new RegExp(syntax === 'full-regex' ? `^(?:${matcher})$` : matcher);
  } catch (error) {
    if (syntax === 'regex-or-exact') return readNames(agent, [matcher.trim()]); // Gemini compares an invalid regex exactly
    return unread('matcher-never-fires', `matcher "${matcher}" is not a valid regular expression (${(error as Error).message}); it never fires in ${label(agent)}`);
  }
  return readRegex(agent, matcher, testBounded(regex));
}

/** Exact tool names (a Claude `|` list, an invalid Gemini regex). */
function readNames(agent: AgentName, items: readonly string[]): MatcherReading {
  const vocab = VOCABULARY[agent];
  const tools: string[] = [];
  const mcp: McpSelector[] = [];
  const notes: Note[] = [];
  for (const item of items) {
    const canonical = canonicalTools(agent, item);
    const server = vocab.mcp?.parse.exec(item);
    if (canonical) {
      if (canonical.length === 0)
        notes.push({ severity: 'warning', code: 'tool-not-carried', message: `${label(agent)} tool "${item}" has no counterpart in other agents; dropped from the matcher` });
      for (const c of canonical) if (!tools.includes(c)) tools.push(c);
    } else if (server) {
      mcp.push({ server: server[1]!, tool: server[2]! });
    } else if (vocab.mcp && item.startsWith(vocab.mcp.prefix)) {
      notes.push({
        severity: 'warning',
        code: 'matcher-never-fires',
        message: `"${item}" is compared as an exact tool name and matches no tool in ${label(agent)} either (use "${item}${vocab.mcp.separator}.*"); dropped`,
      });
    } else {
      notes.push({
        severity: 'warning',
        code: 'tool-unknown',
        message: `"${item}" is not a ${label(agent)} tool hookrun knows; no other agent's name to map it to; dropped from the matcher`,
      });
    }
  }
  if (tools.length === 0 && mcp.length === 0) return unread('matcher-never-fires', `matcher "${items.join('|')}" selects no tool hookrun can name in another agent`, notes);
  return read({ kind: 'tools', tools, mcp }, notes);
}

/** A regex: tried on every tool name the vocabulary knows for the agent. */
function readRegex(agent: AgentName, matcher: string, test: (name: string) => boolean): MatcherReading {
  const vocab = VOCABULARY[agent];
  const known = Object.keys(vocab.tools);
  const selected = known.filter(test);
  const probe = vocab.mcp?.name('probe', 'probe') ?? 'mcp_probe_probe';
  const everything = selected.length === known.length && test(probe) && test(PROBE_UNKNOWN);
  if (everything)
    return read({ kind: 'all' }, [{ severity: 'info', code: 'regex-matcher-enumerated', message: `regex "${matcher}" matches every tool; written without a matcher` }]);
  const tools: string[] = [];
  for (const name of selected) for (const c of vocab.tools[name]!) if (!tools.includes(c)) tools.push(c);
  const mcp: McpSelector[] = [];
  const notes: Note[] = [];
  if (vocab.mcp && (matcher.includes(vocab.mcp.prefix) || test(probe))) mcp.push({ pattern: matcher, from: agent });
  if (tools.length === 0 && mcp.length === 0) return unread('matcher-never-fires', `regex "${matcher}" matches no ${label(agent)} tool hookrun knows`);
  if (selected.length > 0)
    notes.push({ severity: 'info', code: 'regex-matcher-enumerated', message: `regex "${matcher}" selects the ${label(agent)} tools ${selected.join(', ')}` });
  return read({ kind: 'tools', tools, mcp }, notes);
}

/** Kiro CLI agent-file matcher (docs/sources.md §A.4): exact names and aliases, globs, `@server[/tool]`, `@builtin`. */
function readKiroGlob(agent: AgentName, matcher: string | undefined): MatcherReading {
  if (matcher === undefined || matcher === '' || matcher === '*') return read({ kind: 'all' });
  if (matcher === '@builtin') return read({ kind: 'tools', tools: [], mcp: [], builtin: true });
  const glob = /[*?]/.test(matcher);
  if (matcher.startsWith('@')) {
    const slash = matcher.indexOf('/');
    const server = slash < 0 ? matcher.slice(1) : matcher.slice(1, slash);
    const tool = slash < 0 ? undefined : matcher.slice(slash + 1);
    if (!glob) return read({ kind: 'tools', tools: [], mcp: [tool === undefined ? { server } : { server, tool }] });
    return read({ kind: 'tools', tools: [], mcp: [{ server: '', glob: matcher.slice(1) }] });
  }
  if (!glob) {
    const canonical = canonicalTools(agent, matcher);
    if (canonical) {
      if (canonical.length === 0) return unread('tool-not-carried', `Kiro tool "${matcher}" has no counterpart in other agents`);
      return read({ kind: 'tools', tools: [...canonical], mcp: [] });
    }
    if (/[|()[\]\\^$+]/.test(matcher)) return unread('matcher-never-fires', `Kiro compares "${matcher}" as a literal tool name (no regex), so it never fires in Kiro`);
    return unread('tool-unknown', `"${matcher}" is not a Kiro tool hookrun knows; no other agent's name to map it to`);
  }
  let regex: RegExp;
  try {
    regex = new RegExp(`^${globToRegexSource(matcher)}$`);
  } catch {
    return unread('matcher-never-fires', `"${matcher}" is not a valid glob; Kiro never matches it`);
  }
  const selected = Object.keys(VOCABULARY.kiro.tools).filter(testBounded(regex));
  const tools: string[] = [];
  for (const name of selected) for (const c of VOCABULARY.kiro.tools[name]!) if (!tools.includes(c)) tools.push(c);
  const notes: Note[] = [];
  if (matcher.startsWith('*'))
    notes.push({ severity: 'warning', code: 'glob-mcp-not-carried', message: `in Kiro, glob "${matcher}" also matches MCP tools (@server/tool); only built-in tools are carried` });
  if (tools.length === 0) return unread('matcher-never-fires', `glob "${matcher}" selects no Kiro tool hookrun can name in another agent`, notes);
  notes.push({ severity: 'info', code: 'glob-matcher', message: `glob "${matcher}" selects the Kiro tools ${selected.join(', ')}` });
  return read({ kind: 'tools', tools, mcp: [] }, notes);
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
      const body = glob
        .slice(i + 1, end)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\');
      out += `[${body}]`;
      i = end;
    } else if (ch === '{') {
      const end = glob.indexOf('}', i + 1);
      if (end < 0) {
        out += '\\{';
        continue;
      }
      out += `(?:${glob
        .slice(i + 1, end)
        .split(',')
        .map(escapeRegex)
        .join('|')})`;
      i = end;
    } else out += escapeRegex(ch);
  }
  return out;
}

/** A lifecycle matcher (session source, end reason, compaction trigger) → canonical values. */
export function readValuesMatcher(agent: AgentName, event: AgentEvent, matcher: string | undefined, classify?: MatcherClassifier): MatcherReading {
  return bounded(agent, matcher, () => valuesMatcher(agent, event, matcher, classify));
}

function valuesMatcher(agent: AgentName, event: AgentEvent, matcher: string | undefined, classify?: MatcherClassifier): MatcherReading {
  const table = event.values ?? {};
  const agentValues = Object.entries(table).filter((entry): entry is [string, string] => entry[1] !== null);
  const field = VALUE_FIELDS[event.event] ?? 'value';
  if (matcher === undefined || matcher.trim() === '' || matcher.trim() === '*') return read({ kind: 'all' });
  let test: (value: string) => boolean;
  const syntax = VOCABULARY[agent].toolMatcher;
  if (syntax === 'regex-or-exact') test = (v) => v === matcher.trim();
  else if (syntax === 'names-or-regex') {
    const kind = required(agent, classify)(matcher);
    if (kind.kind === 'regex' && !kind.regex) return unread('matcher-never-fires', `matcher "${matcher}" is not a valid regular expression; it never fires in ${label(agent)}`);
    test = kind.kind === 'all' ? () => true : kind.kind === 'list' ? (v) => kind.items.includes(v) : testBounded(kind.regex!);
  } else {
    let regex: RegExp;
    try {
      regex = new RegExp(syntax === 'full-regex' ? `^(?:${matcher})$` : matcher);
    } catch {
      return unread('matcher-never-fires', `matcher "${matcher}" is not a valid regular expression; it never fires in ${label(agent)}`);
    }
    test = testBounded(regex);
  }
  const values = agentValues.filter(([, value]) => test(value)).map(([canonical]) => canonical);
  if (values.length === 0) return unread('matcher-never-fires', `matcher "${matcher}" selects no ${field} ${label(agent)} reports`);
  const all = CANONICAL_VALUES[event.event] ?? [];
  if (agentValues.every(([canonical]) => values.includes(canonical)) && values.length === all.length) return read({ kind: 'all' });
  return read({ kind: 'values', values });
}

// ---------------------------------------------------------------------------------------------------------
// Writing: canonical tools → the target's names and syntax.

/** The neutral tool selection as `agent`'s tool matcher(s). */
export function writeToolMatcher(agent: AgentName, matcher: NeutralMatcher): MatcherConversion {
  if (matcher.kind === 'all') return ok([undefined]);
  if (matcher.kind === 'values') return ok([undefined]);
  const vocab = VOCABULARY[agent];
  const notes: Note[] = [];
  let canonical = matcher.tools;
  if (matcher.builtin) {
    // An unanchored regex that is compared exactly only when invalid can say "not an MCP tool" itself.
    if (vocab.toolMatcher === 'regex-or-exact' && vocab.mcp) {
      const builtin = `^(?!${escapeRegex(vocab.mcp.prefix)})`;
      return ok([builtin], [{ severity: 'info', code: 'builtin-matcher', message: `"@builtin" (every tool that is not an MCP tool) written as "${builtin}"` }]);
    }
    canonical = [...new Set(Object.entries(vocab.tools).flatMap(([, tools]) => tools))];
    notes.push({
      severity: 'info',
      code: 'builtin-matcher',
      message: `"@builtin" (every tool that is not an MCP tool) written as the list of ${vocab.label}'s built-in tools hookrun knows`,
    });
  }
  const names: string[] = [];
  const missing: string[] = [];
  for (const tool of canonical) {
    const here = toolNames(agent, tool);
    if (here.length === 0) missing.push(tool);
    for (const name of here) if (!names.includes(name)) names.push(name);
  }
  if (missing.length > 0) {
    notes.push({
      severity: 'warning',
      code: `tool-not-in-${agent}`,
      message: `${vocab.label} has no tool for ${missing.map((m) => `"${m}"`).join(', ')} (canonical names); dropped from the matcher`,
    });
  }
  const patterns: string[] = [];
  const exactMcp: string[] = [];
  for (const selector of matcher.mcp) {
    if (!vocab.mcp) {
      notes.push({ severity: 'warning', code: 'mcp-not-carried', message: `${vocab.label}'s names for MCP tools are not documented; the MCP part of the matcher is dropped` });
      continue;
    }
    if ('pattern' in selector) {
      // No `from`: a pattern in no agent's MCP naming (every MCP tool), written as it is.
      const source = selector.from === undefined ? undefined : VOCABULARY[selector.from].mcp!;
      const translated = source ? translateMcpPattern(selector.pattern, source, vocab.mcp) : selector.pattern;
      patterns.push(translated);
      if (source && selector.from && translated !== selector.pattern) {
        notes.push({
          severity: 'warning',
          code: 'mcp-matcher-translated',
          message: `MCP part of "${selector.pattern}" translated textually to "${translated}" (${VOCABULARY[selector.from].label} names MCP tools ${source.name('server', 'tool')}, ${vocab.label} ${vocab.mcp.name('server', 'tool')}); check it`,
        });
      }
    } else if (selector.glob !== undefined) {
      const source = `${vocab.mcp.prefix}${selector.glob.replace('/', vocab.mcp.separator)}`;
      patterns.push(`^${globToRegexSource(source)}$`);
      notes.push({ severity: 'info', code: 'glob-matcher', message: `glob "@${selector.glob}" written as the anchored regex "^${globToRegexSource(source)}$"` });
    } else if (selector.tool === undefined) {
      patterns.push(`^${escapeRegex(vocab.mcp.name(selector.server, ''))}`);
    } else {
      exactMcp.push(vocab.mcp.name(selector.server, selector.tool));
    }
  }
  const exact = [...names, ...exactMcp];
  if (exact.length === 0 && patterns.length === 0) {
    const code = missing.length > 0 ? `tool-not-in-${agent}` : 'matcher-never-fires';
    return fail(code, `the matcher selects no tool ${vocab.label} has`, notes);
  }
  return ok([render(agent, exact, patterns)], notes);
}

/** Exact names and regex fragments in the target's syntax, as one matcher. */
function render(agent: AgentName, exact: string[], patterns: string[]): string {
  const syntax = VOCABULARY[agent].toolMatcher;
  if (syntax === 'names-or-regex' && patterns.length === 0 && exact.every((n) => /^[A-Za-z0-9_]+$/.test(n))) return exact.join('|');
  if (syntax === 'full-regex') {
    // The whole name must match: an alternation of escaped names, and the fragments made whole-name.
    const whole = (p: string) => `(?:${p.startsWith('^') ? '' : '.*'}${p.replace(/^\^/, '').replace(/\$$/, '')}${p.endsWith('$') ? '' : '.*'})`;
    const parts = [...exact.map(escapeRegex), ...patterns.map(whole)];
    return parts.join('|');
  }
  const parts = exact.length > 0 ? [exactNamesRegex(exact)] : [];
  parts.push(...patterns);
  return parts.length === 1 ? parts[0]! : parts.map((p) => `(?:${p})`).join('|');
}

function translateMcpPattern(pattern: string, from: { prefix: string; separator: string }, to: { prefix: string; separator: string }): string {
  if (from.prefix === to.prefix && from.separator === to.separator) return pattern;
  const prefix = escapeForReplace(from.prefix);
  let out = pattern.replace(new RegExp(prefix, 'g'), '\u0000');
  out = out.split(from.separator).join(to.separator);
  return out.split('\u0000').join(to.prefix);
}

const escapeForReplace = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Canonical lifecycle values → `event`'s values in `agent`. Gemini compares these exactly (no `|`, no regex),
 * so a selection of several values becomes one definition per value there.
 */
export function writeValuesMatcher(agent: AgentName, event: AgentEvent, matcher: NeutralMatcher): MatcherConversion {
  if (matcher.kind !== 'values') return ok([undefined]);
  const table = event.values ?? {};
  const field = VALUE_FIELDS[event.event] ?? 'value';
  const notes: Note[] = [];
  const target: string[] = [];
  for (const value of matcher.values) {
    const here = Object.hasOwn(table, value) ? table[value] : undefined;
    if (here) {
      if (!target.includes(here)) target.push(here);
      if (here !== value) notes.push({ severity: 'info', code: 'lifecycle-value-mapped', message: `${field} "${value}" is "${here}" in ${label(agent)}` });
    } else {
      notes.push({ severity: 'warning', code: 'lifecycle-value-dropped', message: `${label(agent)} never reports ${field} "${value}"; that part of the matcher is dropped` });
    }
  }
  if (target.length === 0) return fail('matcher-never-fires', `the matcher selects no ${field} that ${label(agent)} reports`, notes);
  const all = [...new Set(Object.values(table).filter((v): v is string => Boolean(v)))];
  if (all.every((v) => target.includes(v))) return ok([undefined], notes);
  const syntax = VOCABULARY[agent].toolMatcher;
  if (syntax === 'regex-or-exact') {
    if (target.length > 1) {
      notes.push({
        severity: 'info',
        code: 'lifecycle-matcher-split',
        message: `${label(agent)} compares ${field} exactly (no "|" or regex), so the matcher becomes ${target.length} definitions: ${target.map((g) => `"${g}"`).join(', ')}`,
      });
    }
    return ok(target, notes);
  }
  if (syntax === 'names-or-regex' || syntax === 'full-regex') return ok([target.join('|')], notes);
  return ok([exactNamesRegex(target)], notes);
}

/** A reading, then a writing of what was read: one conversion, with the notes of both. */
export const compose = (reading: MatcherReading, write: (m: NeutralMatcher) => MatcherConversion): MatcherConversion => {
  if (!reading.ok) return reading;
  const written = write(reading.matcher);
  return { ...written, notes: [...reading.notes, ...written.notes] };
};
