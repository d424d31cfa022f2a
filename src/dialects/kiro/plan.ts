// Kiro CLI's planner (docs/sources.md §A.4; docs/kiro.md "Matchers"), pure: (agent hooks, event, input) → plan. Every hook of the
// trigger whose matcher accepts the tool runs, all at once; nothing is deduplicated.
import { KIRO_TOOL_EVENTS } from './events.js';
import type { Diagnostic, JsonObject, Plan, PlannedHook, RegistryEntry, ResolvedConfig, SkippedEntry } from '../../pipeline/types.js';
import { compileGlob, globSubject } from './glob.js';
import { boundedTest, hangingHook, hangReason, linearEngineConsequence } from '../../pipeline/regex.js';

/**
 * Built-in tools known under two names: the canonical (Amazon Q CLI) name and the short Kiro alias.
 * Kiro's hooks page (Feb 2026) lets a matcher use either; payloads carry either (docs/sources.md §A.4).
 */
const KIRO_TOOL_ALIASES: readonly (readonly [canonical: string, alias: string])[] = [
  ['fs_read', 'read'],
  ['fs_write', 'write'],
  ['execute_bash', 'shell'],
  ['execute_cmd', 'shell'],
  ['use_aws', 'aws'],
  ['report_issue', 'report'],
  ['todo_list', 'todo'],
];

/** The tool's own name first, then its other names from the alias pairs (never across pairs). */
export function toolNameForms(tool: string): string[] {
  const forms = [tool];
  for (const [canonical, alias] of KIRO_TOOL_ALIASES) {
    const other = tool === canonical ? alias : tool === alias ? canonical : undefined;
    if (other !== undefined && !forms.includes(other)) forms.push(other);
  }
  return forms;
}

/** `@server/tool` names an MCP tool; its server is the part between `@` and the first `/`. */
export function mcpServerOf(tool: string): string | undefined {
  if (!tool.startsWith('@')) return undefined;
  const slash = tool.indexOf('/');
  return slash > 1 ? tool.slice(1, slash) : undefined;
}

export const hasWildcard = (matcher: string): boolean => matcher.includes('*') || matcher.includes('?');

export interface KiroMatchVerdict {
  matches: boolean;
  /** The rule that decided, for dry runs and explain. */
  rule: string;
  /** hookrun's match of the glob did not finish within its budget: planned as a hook that cannot run. */
  hangs?: true;
}

/** Kiro's globs compile to Rust's regex, which never backtracks; hookrun's JavaScript one can. */
const hangs = (matcher: string, tool: string): KiroMatchVerdict => ({
  matches: true,
  hangs: true,
  rule: hangReason(matcher, tool, 'Kiro CLI', linearEngineConsequence('Kiro CLI', 'glob matcher (Rust regex)')),
});

const globCache = new Map<string, ReturnType<typeof compileGlob>>();

function glob(matcher: string): ReturnType<typeof compileGlob> {
  let compiled = globCache.get(matcher);
  if (!compiled) {
    compiled = compileGlob(matcher);
    globCache.set(matcher, compiled);
  }
  return compiled;
}

/** Rules 2–6 of docs/kiro.md "Matchers" for one name: the rule that matched, or a hang. */
function matchOneName(matcher: string, tool: string): string | KiroMatchVerdict | undefined {
  if (matcher === '@builtin') return tool.startsWith('@') ? undefined : '"@builtin" matches every tool that is not an MCP tool';
  const server = mcpServerOf(tool);
  if (server !== undefined && matcher === `@${server}`) return `"${matcher}" names the MCP server of "${tool}"`;
  if (matcher === tool) return `"${matcher}" equals "${tool}"`;
  if (hasWildcard(matcher)) {
    const compiled = glob(matcher);
    const matches = compiled.ok ? boundedTest(compiled.regex, globSubject(tool)) : false;
    if (matches === undefined) return hangs(matcher, tool);
    if (matches) return `glob "${matcher}" matches "${tool}"`;
  }
  return undefined;
}

/**
 * Does a hook's matcher accept this tool? No matcher and `*` accept everything; otherwise the tool's name
 * and its alias are each tried against `@builtin`, `@server`, exact equality and (with `*`/`?`) a glob.
 * Regex syntax has no meaning: `a|b` is a literal name.
 */
export function matchKiroTool(matcher: string | undefined, tool: string): KiroMatchVerdict {
  if (matcher === undefined) return { matches: true, rule: 'no matcher: every tool' };
  if (matcher === '*') return { matches: true, rule: '"*" matches every tool' };
  for (const name of toolNameForms(tool)) {
    const rule = matchOneName(matcher, name);
    if (typeof rule === 'object') return rule;
    if (rule !== undefined) {
      return { matches: true, rule: name === tool ? rule : `${rule} (the other name of "${tool}")` };
    }
  }
  if (matcher === '@builtin') return { matches: false, rule: `"@builtin" does not match the MCP tool "${tool}"` };
  const forms = toolNameForms(tool);
  const names = forms.length > 1 ? `"${forms.join('" or "')}"` : `"${tool}"`;
  if (hasWildcard(matcher)) {
    const compiled = glob(matcher);
    if (!compiled.ok) return { matches: false, rule: `"${matcher}" is not a valid glob (${compiled.error}), so it never matches` };
    return { matches: false, rule: `glob "${matcher}" does not match ${names}` };
  }
  return { matches: false, rule: `"${matcher}" is not ${names} (exact, case-sensitive; no regex)` };
}

export function planKiro(config: ResolvedConfig, event: string, input: JsonObject): Plan {
  const skipped: SkippedEntry[] = [];
  const hooks: PlannedHook[] = [];
  const warnings: Diagnostic[] = [];
  const tool = KIRO_TOOL_EVENTS.has(event) && typeof input.tool_name === 'string' ? input.tool_name : undefined;
  for (const entry of config.entries) {
    if (entry.event !== event) continue;
    if (tool !== undefined) {
      const verdict = matchKiroTool(matcherOf(entry), tool);
      if (!verdict.matches) {
        skipped.push({ entry, reason: 'matcher', detail: verdict.rule });
        continue;
      }
      if (verdict.hangs) {
        const { hook, warning } = hangingHook(entry, hooks.length, verdict.rule);
        hooks.push(hook);
        warnings.push(warning);
        continue;
      }
    }
    hooks.push({ entry, index: hooks.length });
  }
  return { event, hooks, sequential: false, skipped, ...(warnings.length > 0 ? { warnings } : {}) };
}

const matcherOf = (entry: RegistryEntry): string | undefined => (typeof entry.matcher === 'string' ? entry.matcher : undefined);
