// Copilot's planner, pure: every source's entries in load order, one at a time. Either spelling of an
// event runs the entries written under both. A matcher is a case-sensitive regular expression that must
// match the whole value of the event's matcher field (`^(?:PATTERN)$`); an invalid one skips its entry,
// and an empty one never gets here (the loader drops it, as Copilot does). PascalCase entries of tool
// events, and the Claude Code files' entries, match as Claude does: `*` or `**` take every tool, a name
// or `|` list is compared with both the runtime and the Claude tool name, anything else is a whole-name
// regex on the Claude name.
import type { Diagnostic, JsonObject, Plan, PlannedHook, RegistryEntry, ResolvedConfig, SkippedEntry } from '../../pipeline/types.js';
import { canonicalEvent, claudeToolName, COPILOT_EVENTS_TABLE } from './events.js';
import { boundedTest, hangingHook, hangReason } from '../../pipeline/regex.js';

export interface CopilotMatch {
  matches: boolean;
  rule: string;
  /** Set when the pattern is not a valid regular expression (Copilot then skips the entry). */
  invalid?: string;
  /** The match did not finish within hookrun's budget (Copilot would hang there): planned as a hook that cannot run. */
  hangs?: true;
}

const compiled = new Map<string, RegExp | string>();

function compile(pattern: string): RegExp | string {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(`^(?:${pattern})$`);
    } catch (error) {
      regex = (error as Error).message;
    }
    compiled.set(pattern, regex);
  }
  return regex;
}

function regexMatch(matcher: string, value: string, field: string): CopilotMatch {
  const regex = compile(matcher);
  if (typeof regex === 'string') return { matches: false, rule: `"${matcher}" is not a valid regular expression (${regex}): Copilot skips this entry`, invalid: regex };
  const matches = boundedTest(regex, value);
  if (matches === undefined) return { matches: true, hangs: true, rule: hangReason(matcher, value, 'Copilot CLI') };
  return matches
    ? { matches: true, rule: `"${matcher}" matches the whole ${field} "${value}"` }
    : { matches: false, rule: `"${matcher}" does not match the whole ${field} "${value}"` };
}

/** The matcher verdict for one entry against this event's payload. */
export function matchCopilot(entry: RegistryEntry, input: JsonObject): CopilotMatch {
  const spec = COPILOT_EVENTS_TABLE[entry.event];
  const matcher = typeof entry.matcher === 'string' ? entry.matcher : undefined;
  if (matcher === undefined) return { matches: true, rule: 'no matcher: every call' };
  if (!spec?.matcherField) return { matches: true, rule: `Copilot ignores matchers on ${entry.event}, so it runs every time` };
  const raw = input[spec.matcherField];
  const value = typeof raw === 'string' ? raw : '';
  if (matcher === '') return { matches: false, rule: 'an empty matcher: Copilot drops the entry ("matcher cannot be empty")' };
  if (spec.claudeMatcher && entry.config.pascal === true) {
    if (matcher === '*' || matcher === '**') return { matches: true, rule: `"${matcher}" matches every tool` };
    const claude = claudeToolName(value);
    if (/^[A-Za-z0-9_|]+$/.test(matcher)) {
      const names = matcher.split('|');
      const matches = names.includes(value) || names.includes(claude);
      return { matches, rule: `tool "${value}" (Claude name "${claude}") ${matches ? 'is' : 'is not'} in [${names.join(', ')}]` };
    }
    return regexMatch(matcher, claude, 'Claude tool name');
  }
  return regexMatch(matcher, value, spec.matcherField);
}

export function planCopilot(config: ResolvedConfig, event: string, input: JsonObject): Plan {
  const camel = canonicalEvent(event) ?? event;
  const hooks: PlannedHook[] = [];
  const skipped: SkippedEntry[] = [];
  const warnings: Diagnostic[] = [];
  for (const entry of config.entries) {
    if (entry.event !== camel) continue;
    const verdict = matchCopilot(entry, input);
    if (verdict.invalid !== undefined) {
      warnings.push({
        code: 'copilot-invalid-matcher',
        severity: 'warning',
        message: `${entry.displayName}: ${verdict.rule}`,
        ...(entry.location ? { location: entry.location } : {}),
      });
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
    const unrunnable = typeof entry.config.unrunnable === 'string' ? entry.config.unrunnable : undefined;
    if (unrunnable !== undefined) {
      skipped.push({ entry, reason: 'disabled', detail: unrunnable });
      warnings.push({
        code: 'copilot-hook-not-run',
        severity: 'warning',
        message: `${entry.displayName}: not run: ${unrunnable}`,
        ...(entry.location ? { location: entry.location } : {}),
      });
      continue;
    }
    hooks.push({ entry, index: hooks.length, because: verdict.rule });
  }
  const plan: Plan = {
    event,
    hooks,
    sequential: true,
    sequentialBecause: 'Copilot runs the hooks of an event in order, one at a time, each with the event as it arrived',
    skipped,
  };
  if (warnings.length > 0) plan.warnings = warnings;
  return plan;
}
