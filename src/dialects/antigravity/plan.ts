// agy's planner (docs/antigravity.md "Files", "Matching, running, answers"), pure: files in load order, named hooks in file order, groups and
// handlers in array order, one at a time. Only PreToolUse and PostToolUse groups have a matcher, tested
// against `toolCall.name` as a whole-name regular expression; `""`, `"*"` and no matcher take every tool.
import { isPlainObject } from '../../files/jsonc.js';
import type { Diagnostic, JsonObject, Plan, PlannedHook, ResolvedConfig, SkippedEntry } from '../../pipeline/types.js';
import { AGY_EVENTS_TABLE } from './events.js';
import { agyCannotRun } from './run.js';
import { boundedTest, hangingHook, hangReason, linearEngineConsequence } from '../../pipeline/regex.js';

export interface AgyMatch {
  matches: boolean;
  rule: string;
  /** JavaScript's engine ran out of hookrun's budget on a pattern agy's RE2 answers in linear time. */
  hangs?: true;
  /** Set when the pattern is not a valid regular expression (it then matches nothing). */
  invalid?: string;
}

const compiled = new Map<string, RegExp | string>();

function compile(matcher: string): RegExp | string {
  let regex = compiled.get(matcher);
  if (regex === undefined) {
    try {
      // Go's RE2 writes case-insensitivity as a leading (?i), which JavaScript spells as a flag.
      const insensitive = matcher.startsWith('(?i)');
      regex = new RegExp(`^(?:${insensitive ? matcher.slice(4) : matcher})$`, insensitive ? 'i' : '');
    } catch (error) {
      regex = (error as Error).message;
    }
    compiled.set(matcher, regex);
  }
  return regex;
}

export function matchAgyTool(matcher: string | undefined, tool: string | undefined): AgyMatch {
  if (matcher === undefined || matcher === '' || matcher === '*') {
    return { matches: true, rule: matcher === undefined ? 'no matcher: every tool' : `"${matcher}" matches every tool` };
  }
  const regex = compile(matcher);
  if (typeof regex === 'string') return { matches: false, rule: `"${matcher}" is not a valid regular expression (${regex}), so it matches nothing`, invalid: regex };
  if (tool === undefined) return { matches: false, rule: `the event has no toolCall.name, so only match-all groups run` };
  const matches = boundedTest(regex, tool);
  if (matches === undefined) {
    return { matches: true, hangs: true, rule: hangReason(matcher, tool, 'agy', linearEngineConsequence('agy', 'RE2 engine')) };
  }
  return matches ? { matches: true, rule: `"${matcher}" matches the whole name "${tool}"` } : { matches: false, rule: `"${matcher}" does not match the whole name "${tool}"` };
}

function toolNameOf(input: JsonObject): string | undefined {
  const call = input.toolCall;
  return isPlainObject(call) && typeof call.name === 'string' ? call.name : undefined;
}

export function planAgy(config: ResolvedConfig, event: string, input: JsonObject): Plan {
  const hooks: PlannedHook[] = [];
  const skipped: SkippedEntry[] = [];
  const warnings: Diagnostic[] = [];
  const grouped = AGY_EVENTS_TABLE[event]?.grouped === true;
  const tool = grouped ? toolNameOf(input) : undefined;
  for (const entry of config.entries) {
    if (entry.event !== event) continue;
    if (!entry.enabled) {
      skipped.push({ entry, reason: 'disabled', detail: `"enabled": false on the named hook "${String(entry.config.hookName)}"` });
      continue;
    }
    let verdict: AgyMatch | undefined;
    if (grouped) {
      verdict = matchAgyTool(typeof entry.matcher === 'string' ? entry.matcher : undefined, tool);
      if (verdict.invalid !== undefined) {
        warnings.push({
          code: 'agy-invalid-matcher',
          severity: 'warning',
          message: `${entry.displayName}: ${verdict.rule}`,
          ...(entry.location ? { location: entry.location } : {}),
        });
      }
      if (!verdict.matches) {
        skipped.push({ entry, reason: 'matcher', detail: verdict.rule });
        continue;
      }
    }
    const unrunnable = agyCannotRun(entry);
    if (unrunnable !== undefined) {
      skipped.push({ entry, reason: 'disabled', detail: unrunnable });
      warnings.push({
        code: 'agy-handler-skipped',
        severity: 'warning',
        message: `${entry.displayName}: not run: ${unrunnable}`,
        ...(entry.location ? { location: entry.location } : {}),
      });
      continue;
    }
    if (verdict?.hangs) {
      const { hook, warning } = hangingHook(entry, hooks.length, verdict.rule);
      hooks.push(hook);
      warnings.push(warning);
      continue;
    }
    hooks.push({ entry, index: hooks.length, ...(verdict ? { because: verdict.rule } : {}) });
  }
  const plan: Plan = {
    event,
    hooks,
    sequential: true,
    sequentialBecause: 'agy runs hooks synchronously, one after another, every one of them (no short-circuit after a deny)',
    skipped,
  };
  if (warnings.length > 0) plan.warnings = warnings;
  return plan;
}
