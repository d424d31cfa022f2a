// Regular-expression matchers under a time budget. The agents test a matcher with RegExp.test, and a
// catastrophic pattern (`^(\w|[a-z_]|[a-z_]|.)*Z$`, `.*.*.*…Z`) backtracks for hours: the agent hangs
// there, and hookrun must not. Every regular expression built from a settings file (a dialect's matcher,
// a glob, a URL pattern) goes through `boundedTest`.
//
// A RegExp cannot be interrupted from JavaScript, but node:vm's `timeout` can stop any code, a match
// included. That costs ~0.5 ms a call (a watchdog thread), and ~50 ms to load node:vm once, and `run`
// starts for every agent event, so a cheap estimate of the match's worst case decides first: a pattern
// that can backtrack exponentially (a quantified group, a back-reference) always goes through the vm;
// otherwise the worst number of backtracking steps is bounded by the product of the choices the pattern
// offers — (n+1) for each unbounded quantifier on a value of n characters, the number of alternatives of
// each group, 2 for each `?` — times (n+1) start positions when it is not anchored. Below ~10^6 steps
// (a few milliseconds, measured) the match runs directly, as the agent runs it.
import type { Context as VmContext, Script } from 'node:vm';
import type { Diagnostic, PlannedHook, RegistryEntry } from './types.js';
import { maskedPrefix } from '../render/mask.js';

/** How long one match may take before hookrun calls it a hang (real matchers take microseconds). */
export const REGEX_BUDGET_MS = 250;

/** log2 of the backtracking steps below which a match runs without the vm (2^20 ≈ 10^6 steps: ~1-5 ms). */
const DIRECT_BITS = 20;

/** What the estimate needs of a pattern, worked out once per pattern. */
interface Shape {
  /** A quantified group or a back-reference: exponential in the value's length. */
  exponential: boolean;
  /** Unbounded quantifiers (`*`, `+`, `{n,}`, and `{n,m}` with a wide range): each a factor n+1. */
  unbounded: number;
  /** log2 of the constant factors: alternatives of each group, `?`, narrow `{n,m}`. */
  bits: number;
  /** `^` at the start, no top-level `|`, no `m` flag: one start position instead of n+1. */
  anchored: boolean;
}

const shapes = new Map<string, Shape>();
/** Patterns come from settings files, so few; the cap only keeps a long-lived server's map small. */
const MAX_SHAPES = 1000;

/** One pass over the pattern's source: escapes, character classes and group openers are skipped as syntax. */
function shapeOf(regex: RegExp): Shape {
  const key = `${regex.flags}/${regex.source}`;
  const known = shapes.get(key);
  if (known) return known;
  const source = regex.source;
  const shape: Shape = { exponential: false, unbounded: 0, bits: 0, anchored: false };
  // Alternatives of each open group; [0] is the whole pattern.
  const alternatives = [1];
  let quantifiable = false;
  for (let i = 0; i < source.length; ) {
    const c = source[i]!;
    if (c === '\\') {
      if (/[1-9]/.test(source[i + 1] ?? '') || source.startsWith('k<', i + 1)) shape.exponential = true;
      i += 2;
      quantifiable = true;
      continue;
    }
    if (c === '[') {
      i++;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i++;
      quantifiable = true;
      continue;
    }
    if (c === '(') {
      alternatives.push(1);
      // `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`: the `?` is syntax, not a quantifier.
      i += groupOpenerLength(source, i);
      quantifiable = false;
      continue;
    }
    if (c === '|') {
      alternatives[alternatives.length - 1]!++;
      i++;
      quantifiable = false;
      continue;
    }
    if (c === ')') {
      shape.bits += Math.log2(alternatives.pop() ?? 1);
      i++;
      if (/[*+{]/.test(source[i] ?? '') && quantifierAt(source, i) !== undefined) shape.exponential = true;
      quantifiable = true;
      continue;
    }
    const quantifier = quantifiable ? quantifierAt(source, i) : undefined;
    if (quantifier) {
      shape.unbounded += quantifier.unbounded;
      shape.bits += quantifier.bits;
      i += quantifier.length;
      // A lazy or possessive-looking `?` after a quantifier is a modifier, not another choice.
      if (source[i] === '?') i++;
      quantifiable = false;
      continue;
    }
    i++;
    quantifiable = true;
  }
  shape.bits += Math.log2(alternatives[0]!);
  shape.anchored = source.startsWith('^') && alternatives[0] === 1 && !regex.flags.includes('m');
  if (shapes.size >= MAX_SHAPES) shapes.clear();
  shapes.set(key, shape);
  return shape;
}

/** `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!` or `(?<name>` at `i`: how many characters the opener takes. */
function groupOpenerLength(source: string, i: number): number {
  if (source[i + 1] !== '?') return 1;
  if (source[i + 2] !== '<') return 3;
  if (source[i + 3] === '=' || source[i + 3] === '!') return 4;
  const close = source.indexOf('>', i);
  return close < 0 ? 3 : close + 1 - i;
}

/** The quantifier at `i` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`), or undefined (a lone `{` is a literal). */
function quantifierAt(source: string, i: number): { length: number; unbounded: number; bits: number } | undefined {
  const c = source[i];
  if (c === '*' || c === '+') return { length: 1, unbounded: 1, bits: 0 };
  if (c === '?') return { length: 1, unbounded: 0, bits: 1 };
  if (c !== '{') return undefined;
  const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i, i + 24));
  if (!m) return undefined;
  if (m[2] === undefined) return { length: m[0].length, unbounded: 0, bits: 0 };
  if (m[3] === '') return { length: m[0].length, unbounded: 1, bits: 0 };
  const range = Number(m[3]) - Number(m[1]) + 1;
  return range > 16 ? { length: m[0].length, unbounded: 1, bits: 0 } : { length: m[0].length, unbounded: 0, bits: Math.log2(Math.max(range, 1)) };
}

/** True when the match could run long: the pattern's shape against the value's length (see the header). */
export function mayBacktrack(regex: RegExp, value: string): boolean {
  const shape = shapeOf(regex);
  if (shape.exponential) return true;
  const perChoice = Math.log2(value.length + 2);
  return shape.unbounded * perChoice + shape.bits + (shape.anchored ? 0 : perChoice) > DIRECT_BITS;
}

let sandbox: { context: VmContext; script: Script } | undefined;

function vmSandbox(): { context: VmContext; script: Script } {
  if (sandbox) return sandbox;
  const vm = process.getBuiltinModule('node:vm');
  return (sandbox = { context: vm.createContext({ regex: undefined, value: undefined }), script: new vm.Script('regex.test(value)') });
}

/** `regex.test(value)`, or `undefined` when it did not finish within the budget. */
export function boundedTest(regex: RegExp, value: string, budgetMs = REGEX_BUDGET_MS): boolean | undefined {
  if (!mayBacktrack(regex, value)) return regex.test(value);
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
  const shown = value.length > 80 ? `${JSON.stringify(maskedPrefix(value, 80))}…` : JSON.stringify(value);
  return `its matcher /${pattern}/ did not finish within ${REGEX_BUDGET_MS} ms on ${shown}: ${consequence}; hookrun stopped the match and does not run the hook`;
}

/** The consequence for an agent whose engine never backtracks (Rust's regex, RE2): it decides at once, hookrun cannot. */
export function linearEngineConsequence(agent: string, engine: string): string {
  return `${agent}'s ${engine} answers it in linear time, but hookrun's JavaScript engine cannot, so hookrun cannot predict the match`;
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
