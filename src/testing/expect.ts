// Pure: a case's expectations against what happened → the failures, as data. No formatting here;
// the reporters turn expected/actual into diffs.
import type { Verdict } from '../pipeline/verdict.js';
import type { JsonObject, Outcome } from '../pipeline/types.js';
import type { Expectations, ObjectMatch, TextMatch } from './schema.js';
import { boundedTest, REGEX_BUDGET_MS } from '../pipeline/regex.js';

/** What one case produced, reduced to the things a fixture can expect. */
export interface ActualView {
  outcome?: Outcome;
  exitCode?: number;
  /** The merged output (`{}` when no hook produced any). */
  output?: JsonObject;
  /** Effective tool input (BeforeTool): the hooks' rewrite, else the event's. */
  toolInput?: unknown;
  /** The context the merged output adds for the model, from the field the agent reads it in. */
  additionalContext?: unknown;
  /** The dialect-neutral verdict (absent in a dry run). */
  verdict?: Verdict;
  /** Display names of the hooks that ran (or, in a dry run, would run). */
  fired: string[];
  hooks: HookView[];
}

export interface HookView {
  name: string;
  exitCode: number;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  stubbed: boolean;
}

export interface Failure {
  /** The expectation as written in the fixture, e.g. "reason", "hooks.guard.exitCode", "fired". */
  path: string;
  /** How it was compared: equals, contains, matches, subset, absent, fired, notFired, ran. */
  check: string;
  expected: unknown;
  actual: unknown;
  /** One line saying what is wrong. */
  message: string;
}

export interface Evaluation {
  failures: Failure[];
  /** Expectations a dry run could not check (they need the hooks to run). */
  unchecked: string[];
}

const DRY_RUN_KEYS = new Set(['fired', 'notFired']);

const show = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value));

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** Every key of `expected` is in `actual` with a matching value; arrays match element-wise, same length. */
export function isSubset(expected: unknown, actual: unknown): boolean {
  if (isObject(expected)) {
    return isObject(actual) && Object.entries(expected).every(([k, v]) => Object.hasOwn(actual, k) && isSubset(v, actual[k]));
  }
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && expected.length === actual.length && expected.every((v, i) => isSubset(v, actual[i]));
  }
  return deepEqual(expected, actual);
}

/** `actual` cut down to the keys `expected` names, so a subset diff shows only what was asked about. */
export function projectOnto(expected: unknown, actual: unknown): unknown {
  if (isObject(expected) && isObject(actual)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(expected)) if (Object.hasOwn(actual, key)) out[key] = projectOnto(expected[key], actual[key]);
    return out;
  }
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    return actual.map((v, i) => projectOnto(expected[i], v));
  }
  return actual;
}

function textFailure(path: string, match: TextMatch, actual: unknown): Failure | undefined {
  const text = typeof actual === 'string' ? actual : undefined;
  if (match === null) {
    return text === undefined || text === '' ? undefined : { path, check: 'absent', expected: null, actual, message: `${path}: expected absent, got ${show(actual)}` };
  }
  if (typeof match === 'string' || 'equals' in match) {
    const expected = typeof match === 'string' ? match : match.equals;
    return text === expected ? undefined : { path, check: 'equals', expected, actual, message: `${path}: expected ${show(expected)}, got ${show(actual)}` };
  }
  if ('contains' in match) {
    const needles = Array.isArray(match.contains) ? match.contains : [match.contains];
    const missing = needles.filter((needle) => text === undefined || !text.includes(needle));
    return missing.length === 0
      ? undefined
      : { path, check: 'contains', expected: match.contains, actual, message: `${path}: expected to contain ${missing.map((m) => show(m)).join(' and ')}, got ${show(actual)}` };
  }
  const re = new RegExp(match.matches, match.flags);
  const matches = text === undefined ? false : boundedTest(re, text);
  const expected = `/${match.matches}/${match.flags ?? ''}`;
  if (matches === undefined)
    return {
      path,
      check: 'matches',
      expected,
      actual,
      message: `${path}: ${expected} did not finish matching within ${REGEX_BUDGET_MS} ms (hookrun's regex budget), so it cannot hold`,
    };
  return matches ? undefined : { path, check: 'matches', expected, actual, message: `${path}: expected to match ${expected}, got ${show(actual)}` };
}

function objectFailure(path: string, match: ObjectMatch, actual: unknown): Failure | undefined {
  if (match === null) {
    return actual === undefined ? undefined : { path, check: 'absent', expected: null, actual, message: `${path}: expected absent, got ${show(actual)}` };
  }
  if ('equals' in match) {
    return deepEqual(match.equals, actual) ? undefined : { path, check: 'equals', expected: match.equals, actual, message: `${path}: not deep-equal to the expected value` };
  }
  return isSubset(match.subset, actual) ? undefined : { path, check: 'subset', expected: match.subset, actual, message: `${path}: does not contain the expected keys and values` };
}

function hookSpecific(output: JsonObject | undefined, key: string): unknown {
  const specific = output?.hookSpecificOutput;
  return isObject(specific) ? specific[key] : undefined;
}

/** Checks every expectation that applies; in a dry run only which hooks fire. */
export function evaluate(expect: Expectations, actual: ActualView, dryRun: boolean): Evaluation {
  const failures: Failure[] = [];
  const unchecked: string[] = [];
  const push = (failure: Failure | undefined) => failure && failures.push(failure);
  const fired = new Set(actual.fired);

  for (const name of expect.fired ?? []) {
    if (!fired.has(name)) {
      push({
        path: 'fired',
        check: 'fired',
        expected: name,
        actual: actual.fired,
        message: `fired: expected hook ${show(name)} to run; ran: ${actual.fired.length > 0 ? actual.fired.map((n) => show(n)).join(', ') : 'none'}`,
      });
    }
  }
  for (const name of expect.notFired ?? []) {
    if (fired.has(name)) {
      push({ path: 'notFired', check: 'notFired', expected: name, actual: actual.fired, message: `notFired: expected hook ${show(name)} not to run, but it did` });
    }
  }
  for (const [name, hook] of Object.entries(expect.hooks ?? {})) {
    const prefix = `hooks.${name}`;
    if (hook.fired !== undefined && hook.fired !== fired.has(name)) {
      push({ path: `${prefix}.fired`, check: 'fired', expected: hook.fired, actual: fired.has(name), message: `${prefix}.fired: expected ${hook.fired}, got ${fired.has(name)}` });
    }
    const rest = Object.keys(hook).filter((k) => k !== 'fired');
    if (dryRun) {
      unchecked.push(...rest.map((k) => `${prefix}.${k}`));
      continue;
    }
    if (rest.length === 0) continue;
    const view = actual.hooks.find((h) => h.name === name);
    if (!view) {
      push({ path: prefix, check: 'ran', expected: name, actual: actual.fired, message: `${prefix}: the hook did not run, so ${rest.join(', ')} cannot hold` });
      continue;
    }
    if (hook.exitCode !== undefined && hook.exitCode !== view.exitCode) {
      push({
        path: `${prefix}.exitCode`,
        check: 'equals',
        expected: hook.exitCode,
        actual: view.exitCode,
        message: `${prefix}.exitCode: expected ${hook.exitCode}, got ${view.exitCode}`,
      });
    }
    if (hook.timedOut !== undefined && hook.timedOut !== view.timedOut) {
      push({
        path: `${prefix}.timedOut`,
        check: 'equals',
        expected: hook.timedOut,
        actual: view.timedOut,
        message: `${prefix}.timedOut: expected ${hook.timedOut}, got ${view.timedOut}`,
      });
    }
    if (hook.stderrContains !== undefined) push(textFailure(`${prefix}.stderr`, { contains: hook.stderrContains }, view.stderr));
    if (hook.stdoutContains !== undefined) push(textFailure(`${prefix}.stdout`, { contains: hook.stdoutContains }, view.stdout));
  }

  const runOnly = Object.keys(expect).filter((k) => !DRY_RUN_KEYS.has(k) && k !== 'hooks');
  if (dryRun) return { failures, unchecked: [...runOnly, ...unchecked] };

  const output = actual.output;
  if (expect.outcome !== undefined && expect.outcome !== actual.outcome) {
    push({ path: 'outcome', check: 'equals', expected: expect.outcome, actual: actual.outcome, message: `outcome: expected ${expect.outcome}, got ${actual.outcome}` });
  }
  if (expect.exitCode !== undefined && expect.exitCode !== actual.exitCode) {
    push({ path: 'exitCode', check: 'equals', expected: expect.exitCode, actual: actual.exitCode, message: `exitCode: expected ${expect.exitCode}, got ${actual.exitCode}` });
  }
  if (expect.decision !== undefined) {
    const decision = output?.decision;
    const ok = expect.decision === null ? decision === undefined : decision === expect.decision;
    if (!ok)
      push({
        path: 'decision',
        check: expect.decision === null ? 'absent' : 'equals',
        expected: expect.decision,
        actual: decision,
        message: `decision: expected ${expect.decision === null ? 'absent' : show(expect.decision)}, got ${show(decision)}`,
      });
  }
  if (expect.reason !== undefined) push(textFailure('reason', expect.reason, output?.reason));
  if (expect.systemMessage !== undefined) push(textFailure('systemMessage', expect.systemMessage, output?.systemMessage));
  if (expect.stopReason !== undefined) push(textFailure('stopReason', expect.stopReason, output?.stopReason));
  if (expect.additionalContext !== undefined) push(textFailure('additionalContext', expect.additionalContext, actual.additionalContext));
  if (expect.toolInput !== undefined) push(objectFailure('toolInput', expect.toolInput, actual.toolInput));
  if (expect.toolConfig !== undefined) push(objectFailure('toolConfig', expect.toolConfig, hookSpecific(output, 'toolConfig')));
  if (expect.llmRequest !== undefined) push(objectFailure('llmRequest', expect.llmRequest, hookSpecific(output, 'llm_request')));
  if (expect.llmResponse !== undefined) push(objectFailure('llmResponse', expect.llmResponse, hookSpecific(output, 'llm_response')));
  if (expect.output !== undefined) push(objectFailure('output', expect.output, output));
  if (expect.verdict !== undefined) verdictFailures(expect.verdict, actual.verdict, push);
  if (expect.stderrContains !== undefined) {
    const all = actual.hooks.map((h) => h.stderr).join('\n');
    if (!all.includes(expect.stderrContains)) {
      push({
        path: 'stderrContains',
        check: 'contains',
        expected: expect.stderrContains,
        actual: all,
        message: `stderrContains: no hook wrote ${show(expect.stderrContains)} on stderr`,
      });
    }
  }
  return { failures, unchecked };
}

function verdictFailures(expect: NonNullable<Expectations['verdict']>, verdict: Verdict | undefined, push: (failure: Failure | undefined) => void): void {
  if (expect.outcome !== undefined && expect.outcome !== verdict?.outcome) {
    push({
      path: 'verdict.outcome',
      check: 'equals',
      expected: expect.outcome,
      actual: verdict?.outcome,
      message: `verdict.outcome: expected ${expect.outcome}, got ${show(verdict?.outcome)}`,
    });
  }
  if (expect.reason !== undefined) push(textFailure('verdict.reason', expect.reason, verdict?.reason));
  if (expect.additionalContext !== undefined) push(textFailure('verdict.additionalContext', expect.additionalContext, verdict?.additionalContext));
  if (expect.systemMessage !== undefined) push(textFailure('verdict.systemMessage', expect.systemMessage, verdict?.systemMessage));
  if (expect.updatedInput !== undefined) push(objectFailure('verdict.updatedInput', expect.updatedInput, verdict?.updatedInput));
  if (expect.notRun !== undefined && !isSubset(expect.notRun, verdict?.notRun ?? [])) {
    const actual = verdict?.notRun.map(({ hook, source, why }) => ({ hook, source, why }));
    push({ path: 'verdict.notRun', check: 'subset', expected: expect.notRun, actual, message: 'verdict.notRun: not the expected hooks (in order, by the keys given)' });
  }
}

/** How many things a case expects (a case that expects nothing is skipped, not passed). */
export function expectationCount(expect: Expectations | undefined): number {
  if (!expect) return 0;
  let n = 0;
  for (const [key, value] of Object.entries(expect)) {
    if (value === undefined) continue;
    if (key === 'hooks') n += Object.values(value as Record<string, object>).reduce((s, h) => s + Object.keys(h).length, 0);
    else if (Array.isArray(value)) n += value.length;
    else n += 1;
  }
  return n;
}
