// Kiro CLI 3's planner (docs/kiro.md "Kiro CLI 3 hook files"), pure: every enabled hook of the trigger, files in load order
// and array order, one at a time. A matcher is a JavaScript regular expression tested unanchored against
// `tool_name` (tool triggers) or `file_path` (file triggers); every other trigger evaluates none.
import type { Diagnostic, JsonObject, Plan, PlannedHook, ResolvedConfig, SkippedEntry } from '../../pipeline/types.js';
import { KIRO3_TRIGGERS } from './kiro3-events.js';
import { boundedTest, hangingHook, hangReason } from '../../pipeline/regex.js';

export interface Kiro3Match {
  matches: boolean;
  rule: string;
  hangs?: true;
  invalid?: string;
}

const compiled = new Map<string, RegExp | string>();

export function matchKiro3(matcher: string | undefined, target: string, field: string): Kiro3Match {
  if (matcher === undefined) return { matches: true, rule: 'no matcher: always' };
  let regex = compiled.get(matcher);
  if (regex === undefined) {
    try {
      regex = new RegExp(matcher);
    } catch (error) {
      regex = (error as Error).message;
    }
    compiled.set(matcher, regex);
  }
  if (typeof regex === 'string') return { matches: false, rule: `"${matcher}" is not a valid regular expression (${regex}), so it never matches`, invalid: regex };
  const matches = boundedTest(regex, target);
  if (matches === undefined) return { matches: true, hangs: true, rule: hangReason(matcher, target, 'Kiro CLI') };
  return matches ? { matches: true, rule: `/${matcher}/ finds a match in ${field} "${target}"` } : { matches: false, rule: `/${matcher}/ finds no match in ${field} "${target}"` };
}

export function planKiro3(config: ResolvedConfig, event: string, input: JsonObject): Plan {
  const hooks: PlannedHook[] = [];
  const skipped: SkippedEntry[] = [];
  const warnings: Diagnostic[] = [];
  const field = KIRO3_TRIGGERS[event]?.matcherField;
  // A payload without the field is tested as the empty string.
  const target = field !== undefined && typeof input[field] === 'string' ? (input[field] as string) : '';
  for (const entry of config.entries) {
    if (entry.event !== event) continue;
    if (!entry.enabled) {
      skipped.push({ entry, reason: 'disabled', detail: '"enabled": false' });
      continue;
    }
    if (event === 'Stop' && entry.config.type === 'agent') {
      skipped.push({ entry, reason: 'disabled', detail: 'Stop runs command actions only' });
      continue;
    }
    if (field !== undefined) {
      const verdict = matchKiro3(typeof entry.matcher === 'string' ? entry.matcher : undefined, target, field);
      if (verdict.invalid !== undefined) {
        warnings.push({
          code: 'kiro3-invalid-matcher',
          severity: 'warning',
          message: `hook "${entry.displayName}": ${verdict.rule}`,
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
      hooks.push({ entry, index: hooks.length, because: verdict.rule });
      continue;
    }
    hooks.push({ entry, index: hooks.length });
  }
  const plan: Plan = {
    event,
    hooks,
    sequential: true,
    sequentialBecause: 'hookrun runs Kiro CLI 3 hooks one at a time in file order (the engine does not say), every one of them',
    skipped,
  };
  if (warnings.length > 0) plan.warnings = warnings;
  return plan;
}
