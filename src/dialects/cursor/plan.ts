// Cursor's planner, pure: every matching entry of every file, highest-priority file first, run together.
// A Cursor matcher is a JavaScript regular expression, unanchored (docs/sources.md §X2.4), tested against the
// shell command (shell events) or the tool name (tool and MCP events); `""`, `"*"` and no matcher take
// everything. Claude Code hooks loaded with --third-party-hooks keep Claude Code's matcher rules, tried
// on Cursor's tool name and on Claude's name for the same tool.
import type { Diagnostic, JsonObject, Plan, PlannedHook, RegistryEntry, ResolvedConfig, SkippedEntry } from '../../pipeline/types.js';
import { ifVerdict, matcherVerdict } from '../claude/plan.js';
import type { MatchVerdict } from '../claude/matcher.js';
import { DEFAULT_PROFILE, type ClaudeProfile } from '../claude/version.js';
import { cursorEvent } from './events.js';
import { boundedTest, hangingHook, hangReason } from '../../pipeline/regex.js';

export interface CursorMatch extends MatchVerdict {
  /** Set when the pattern is not a valid regular expression (it then matches nothing). */
  invalid?: string;
}

const compiled = new Map<string, RegExp | string>();

export function compileCursorMatcher(matcher: string): RegExp | string {
  let regex = compiled.get(matcher);
  if (regex === undefined) {
    try {
      regex = new RegExp(matcher);
    } catch (error) {
      regex = (error as Error).message;
    }
    compiled.set(matcher, regex);
  }
  return regex;
}

function matchCursor(event: string, matcher: string | undefined, input: JsonObject): CursorMatch {
  if (matcher === undefined || matcher === '' || matcher === '*') {
    return { matches: true, rule: matcher === undefined ? 'no matcher: every call' : `"${matcher}" matches every call` };
  }
  const field = cursorEvent(event)?.matcherField;
  if (field === undefined) return { matches: true, rule: `no source says what a matcher on ${event} compares, so hookrun runs the hook and ignores "${matcher}"` };
  const regex = compileCursorMatcher(matcher);
  if (typeof regex === 'string') return { matches: false, rule: `"${matcher}" is not a valid regular expression (${regex}), so it matches nothing`, invalid: regex };
  const value = input[field];
  if (typeof value !== 'string') return { matches: true, rule: `the event has no ${field}, so the matcher is not consulted` };
  const matches = boundedTest(regex, value);
  if (matches === undefined) return { matches: true, hangs: true, rule: hangReason(matcher, value, 'Cursor') };
  return matches
    ? { matches: true, rule: `regex /${matcher}/ (unanchored) matches ${field} "${value}"` }
    : { matches: false, rule: `regex /${matcher}/ (unanchored) does not match ${field} "${value}"` };
}

/** Claude Code's names for Cursor's tools, for the matchers of Claude Code hooks Cursor loads (hookrun's table). */
const CLAUDE_TOOL_NAMES: Readonly<Record<string, readonly string[]>> = {
  Shell: ['Bash'],
  Task: ['Task', 'Agent'],
};

function claudeVerdict(entry: RegistryEntry, input: JsonObject): MatchVerdict {
  const claudeEvent = String(entry.config.claudeEvent);
  const profile = (entry.config.claudeProfile as ClaudeProfile | undefined) ?? DEFAULT_PROFILE;
  const home = typeof entry.config.home === 'string' ? entry.config.home : '/';
  const tool = typeof input.tool_name === 'string' ? input.tool_name : undefined;
  const names = tool === undefined ? [undefined] : [tool, ...(CLAUDE_TOOL_NAMES[tool] ?? [])];
  let last: MatchVerdict | undefined;
  for (const name of names) {
    const view = name === undefined ? input : { ...input, tool_name: name };
    const verdict = matcherVerdict(entry, claudeEvent, view, profile);
    const condition = verdict.matches ? ifVerdict(entry, claudeEvent, view, profile, home) : undefined;
    last = condition && !condition.matches ? condition : verdict;
    if (last.matches) return name !== tool ? { ...last, rule: `${last.rule} (Claude Code's name for Cursor's ${tool})` } : last;
  }
  return last!;
}

export function planCursor(config: ResolvedConfig, event: string, input: JsonObject): Plan {
  const hooks: PlannedHook[] = [];
  const skipped: SkippedEntry[] = [];
  const warnings: Diagnostic[] = [];
  for (const entry of config.entries) {
    if (entry.event !== event) continue;
    if (!entry.enabled) {
      skipped.push({ entry, reason: 'disabled', detail: 'disabled' });
      continue;
    }
    const where = entry.location ? { location: entry.location } : {};
    let verdict: CursorMatch;
    if (entry.config.origin === 'claude') verdict = claudeVerdict(entry, input);
    else {
      verdict = matchCursor(event, typeof entry.matcher === 'string' ? entry.matcher : undefined, input);
      if (verdict.invalid !== undefined) warnings.push({ code: 'cursor-invalid-matcher', severity: 'warning', message: `${entry.displayName}: ${verdict.rule}`, ...where });
    }
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
    if (entry.config.type === 'prompt') {
      const detail = 'a "prompt" hook asks a model, which hookrun cannot do; the other hooks decide';
      skipped.push({ entry, reason: 'disabled', detail });
      warnings.push({ code: 'cursor-prompt-hook', severity: 'warning', message: `${entry.displayName}: not run: ${detail}`, ...where });
      continue;
    }
    hooks.push({ entry, index: hooks.length, because: verdict.rule });
  }
  const plan: Plan = {
    event,
    hooks,
    sequential: false,
    parallelBecause: 'Cursor runs every matching hook of every source; hookrun starts them together (Cursor does not say in which order)',
    skipped,
  };
  if (warnings.length > 0) plan.warnings = warnings;
  return plan;
}
