// Regular-expression matchers under a time budget. The agents test a matcher with RegExp.test, and a
// catastrophic pattern (`^(\w|[a-z_]|[a-z_]|.)*Z$`) backtracks for hours: the agent hangs there, and
// hookrun must not. Every dialect's regex matcher goes through `boundedTest`.
//
// A RegExp cannot be interrupted from JavaScript, but node:vm's `timeout` can stop any code, a match
// included. That costs ~0.5 ms a call (a watchdog thread), and ~50 ms to load node:vm once, so only a
// pattern that can backtrack badly goes through it: a quantified group or a back-reference (exponential),
// or several unbounded quantifiers on a long value (polynomial). Everything else runs as the agent runs it.
import type { Context as VmContext, Script } from 'node:vm';
import type { Diagnostic, PlannedHook, RegistryEntry } from '../types.js';

/** How long one match may take before hookrun calls it a hang (real matchers take microseconds). */
export const REGEX_BUDGET_MS = 250;

// `(…)*`, `(…)+`, `(…){2,}`: a quantified group; `\1`, `\k<name>`: back-references.
const EXPONENTIAL = /\)[*+{]|\\[1-9]|\\k</;
const UNBOUNDED = /[*+]|\{\d+,\}/g;
/** Below this length, polynomial backtracking stays in microseconds. */
const LONG_VALUE = 1000;

/** True when the match could run away: the pattern's shape, and for polynomial cases the value's length. */
function mayBacktrack(source: string, value: string): boolean {
  if (EXPONENTIAL.test(source)) return true;
  return value.length > LONG_VALUE && (source.match(UNBOUNDED)?.length ?? 0) >= 2;
}

let sandbox: { context: VmContext; script: Script } | undefined;

function vmSandbox(): { context: VmContext; script: Script } {
  if (sandbox) return sandbox;
  const vm = process.getBuiltinModule('node:vm');
  return (sandbox = { context: vm.createContext({ regex: undefined, value: undefined }), script: new vm.Script('regex.test(value)') });
}

/** `regex.test(value)`, or `undefined` when it did not finish within the budget. */
export function boundedTest(regex: RegExp, value: string, budgetMs = REGEX_BUDGET_MS): boolean | undefined {
  if (!mayBacktrack(regex.source, value)) return regex.test(value);
  const { context, script } = vmSandbox();
  context.regex = regex;
  context.value = value;
  try {
    return script.runInContext(context, { timeout: budgetMs }) === true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return undefined;
    throw error;
  } finally {
    context.regex = undefined;
    context.value = undefined;
  }
}

/** Why a hook whose matcher hangs is not run: the text of its failed result. */
export function hangReason(pattern: string, value: string, agent: string, consequence = `${agent} would hang here`): string {
  const shown = value.length > 80 ? `${JSON.stringify(value.slice(0, 80))}…` : JSON.stringify(value);
  return `its matcher /${pattern}/ did not finish within ${REGEX_BUDGET_MS} ms on ${shown}: ${consequence}; hookrun stopped the match and does not run the hook`;
}

/** The hook planned as one that cannot run (reported as failed, --fail-closed blocks), and the warning that names its matcher. */
export function hangingHook(entry: RegistryEntry, index: number, reason: string): { hook: PlannedHook; warning: Diagnostic } {
  return {
    hook: { entry, index, because: reason, cannotRun: reason },
    warning: {
      code: 'matcher-hangs',
      severity: 'warning',
      message: `hook "${entry.displayName}": ${reason}`,
      ...(entry.location ? { location: entry.location } : {}),
    },
  };
}
