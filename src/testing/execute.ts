// Runs prepared cases one after another through the shared pipeline (hooks may touch the workspace,
// so cases never overlap) and turns each into a result: passed, failed or skipped, with failures as data.
import { addedContextOf } from '../pipeline/verdict.js';
import type { Dialect } from '../dialects/dialect.js';
import type { RunReport } from '../render/report.js';
import type { JsonObject } from '../pipeline/types.js';
import { type ActualView, evaluate, type Failure } from './expect.js';
import type { FixtureProblem } from './load.js';
import type { PreparedCase } from './prepare.js';
import { executeEvent } from '../pipeline/pipeline.js';
import { shortened } from '../render/mask.js';

export type CaseStatus = 'passed' | 'failed' | 'skipped';

export interface HookSummary {
  name: string;
  exitCode: number;
  timedOut: boolean;
  stubbed: boolean;
  durationMs: number;
  error?: string;
  stderr: string;
  /** What --contain ended, what escaped it, the capture limit: where the agent's answer may differ. */
  notes?: string[];
}

export interface CaseResult {
  /** Absolute path of the fixture file. */
  file: string;
  name: string;
  index: number;
  line: number;
  column: number;
  status: CaseStatus;
  durationMs: number;
  failures: Failure[];
  /** The case could not run (settings that do not load, a stub for an unknown hook, a case timeout). */
  error?: string;
  skipReason?: string;
  /** Hooks whose command was replaced by a stub in this case. */
  stubbed: string[];
  /** Expectations not checked because of --dry-run. */
  unchecked: string[];
  /** Likely causes when expected hooks did not fire (untrusted folder, no settings file, ...). */
  hints: string[];
  workspace?: string;
  actual?: {
    outcome?: string;
    exitCode?: number;
    output?: JsonObject;
    fired: string[];
    hooks: HookSummary[];
  };
}

export interface TestSummary {
  passed: number;
  failed: number;
  skipped: number;
  total: number;
  durationMs: number;
}

/** Everything a reporter renders. */
export interface TestRun {
  dryRun: boolean;
  files: string[];
  cases: CaseResult[];
  problems: FixtureProblem[];
  summary: TestSummary;
  exitCode: number;
}

export interface ExecuteOptions {
  dryRun: boolean;
  grace?: number;
  maxOutput?: number;
  /** End what each hook left running once it is done (`hookrun test` does by default). */
  contain?: boolean;
  /** hookrun itself interrupted: stop the running hooks. */
  signal?: AbortSignal;
}

/** What the tool would run with: the hooks' rewrite where the dialect reads one, else the event's own. */
function effectiveToolInput(report: RunReport, dialect: Dialect): unknown {
  return dialect.rewrittenToolInput?.(report.event, report.output) ?? report.input[dialect.flagFields.toolInput];
}

function viewOf(report: RunReport, dialect: Dialect): ActualView {
  return {
    outcome: report.outcome,
    exitCode: report.exitCode,
    output: report.output,
    toolInput: effectiveToolInput(report, dialect),
    additionalContext: addedContextOf(dialect, report.event, report.output),
    verdict: report.verdict,
    fired: report.results.map((r) => r.name),
    hooks: report.results.map((r) => ({
      name: r.name,
      exitCode: r.exitCode,
      timedOut: r.timedOut,
      stdout: r.stdout,
      stderr: r.stderr,
      stubbed: r.stubbed === true,
    })),
  };
}

function summaryOf(report: RunReport): NonNullable<CaseResult['actual']> {
  return {
    outcome: report.outcome,
    exitCode: report.exitCode,
    output: report.output,
    fired: report.results.map((r) => r.name),
    hooks: report.results.map((r) => {
      const hook: HookSummary = {
        name: r.name,
        exitCode: r.exitCode,
        timedOut: r.timedOut,
        stubbed: r.stubbed === true,
        durationMs: r.durationMs,
        stderr: shortened(r.stderr, 2001),
      };
      if (r.error !== undefined) hook.error = r.error;
      const notes = [...(r.differsFromAgent ?? []), ...(r.escaped ?? []).map((e) => `pid ${e.pid} (${e.command}) left its session with setsid and keeps running`)];
      if (notes.length > 0) hook.notes = notes;
      return hook;
    }),
  };
}

/** Why expected hooks may not have fired: said next to a `fired` failure, since the usual cause is the setup. */
function firedHints(p: PreparedCase): string[] {
  const planned = p.planned;
  if (!planned) return [];
  const { config, description } = planned;
  const hints: string[] = [];
  if (!config.hooksEnabled) hints.push('hooks are disabled in the settings (hooksConfig.enabled is false)');
  if (!config.trust.trusted) {
    hints.push(
      `the workspace ${p.ctx?.cwd} is not trusted (${config.trust.detail ?? config.trust.by}), so no settings hook runs: add \`trust: true\` to the case or the file's defaults`,
    );
  }
  const loaded = config.files.filter((f) => f.loaded);
  if (loaded.length === 0) {
    const workspace = config.files.find((f) => f.layer === 'workspace');
    hints.push(`no settings file was read${workspace ? ` (looked for ${workspace.path})` : ''}; \`cwd\` is relative to the fixture file`);
  }
  if (description.error) hints.push(`planning failed as the agent's would: ${description.error}`);
  return hints;
}

function baseResult(p: PreparedCase): CaseResult {
  const result: CaseResult = {
    file: p.fixture.file,
    name: p.name,
    index: p.case.index,
    line: p.case.position.line,
    column: p.case.position.column,
    status: 'passed',
    durationMs: 0,
    failures: [],
    stubbed: [],
    unchecked: [],
    hints: [],
  };
  if (p.ctx) result.workspace = p.ctx.cwd;
  return result;
}

export async function runCase(p: PreparedCase, options: ExecuteOptions): Promise<CaseResult> {
  const result = baseResult(p);
  if (p.skip !== undefined) return { ...result, status: 'skipped', skipReason: p.skip };
  if (p.error !== undefined || !p.planned || !p.ctx) {
    return { ...result, status: 'failed', error: p.error ?? 'the case could not be prepared', hints: firedHints(p) };
  }
  const expect = p.case.expect ?? {};
  const started = performance.now();

  if (options.dryRun) {
    const fired = p.planned.description.hooks.map((h) => h.name);
    const evaluation = evaluate(expect, { fired, hooks: [] }, true);
    result.durationMs = Math.round(performance.now() - started);
    result.actual = { fired, hooks: [] };
    result.unchecked = evaluation.unchecked;
    result.failures = evaluation.failures;
    if (evaluation.failures.some((f) => f.check === 'fired')) result.hints = firedHints(p);
    const checked = countKeys(expect) > evaluation.unchecked.length;
    result.status = evaluation.failures.length > 0 ? 'failed' : checked ? 'passed' : 'skipped';
    if (result.status === 'skipped') result.skipReason = 'nothing a dry run can check (only fired/notFired are checked)';
    return result;
  }

  const timeoutSignal = p.timeoutMs !== undefined ? AbortSignal.timeout(p.timeoutMs) : undefined;
  const signals = [options.signal, timeoutSignal].filter((s): s is AbortSignal => s !== undefined);
  const stubs = p.stubs;
  const report = await executeEvent(p.planned, p.ctx, {
    signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
    graceMs: options.grace,
    maxCaptureBytes: options.maxOutput,
    contain: options.contain,
    stub: stubs.size > 0 ? (hook) => stubs.get(hook.entry.displayName) : undefined,
  });
  result.durationMs = Math.round(performance.now() - started);
  result.actual = summaryOf(report);
  result.stubbed = report.results.filter((r) => r.stubbed).map((r) => r.name);
  if (timeoutSignal?.aborted) {
    return { ...result, status: 'failed', error: `the case took longer than its timeout (${p.timeoutMs} ms); its hooks were stopped` };
  }
  const evaluation = evaluate(expect, viewOf(report, p.planned.dialect), false);
  result.failures = evaluation.failures;
  if (evaluation.failures.some((f) => f.check === 'fired' || f.check === 'ran')) result.hints = firedHints(p);
  result.status = evaluation.failures.length > 0 ? 'failed' : 'passed';
  return result;
}

function countKeys(expect: object): number {
  return Object.entries(expect).reduce((n, [key, value]) => {
    if (value === undefined) return n;
    return key === 'hooks' ? n + Object.values(value as Record<string, object>).reduce((s, h) => s + Object.keys(h).length, 0) : n + 1;
  }, 0);
}

export function summarize(cases: readonly CaseResult[], durationMs: number): TestSummary {
  const count = (status: CaseStatus) => cases.filter((c) => c.status === status).length;
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), total: cases.length, durationMs };
}
