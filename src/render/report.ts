// Rendering at the edge: the run report as data (--json), and as text for people (stderr).
// Nothing else in hookrun formats or colours.
import type { ChalkInstance } from 'chalk';
import { makeChalk } from './color.js';
import type { AnswerWords } from '../dialects/dialect.js';
import { textOf } from '../pipeline/event/json.js';
import { formatLocation } from '../pipeline/errors.js';
import type { PlanDescription } from '../pipeline/describe.js';
import type { AggregateResult, Diagnostic, EscapedProcess, HookResult, JsonObject, Outcome } from '../pipeline/types.js';
import { OUTCOME_EXIT_CODE } from '../pipeline/types.js';
import type { HookFailure } from '../pipeline/fail-closed.js';
import { DROPPED_FILE_CODES, NOT_STARTED, type NotRunWhy, type Verdict } from '../pipeline/verdict.js';
import type { EndedEarly } from '../exec/runner.js';
import { printable } from './printable.js';
import { maskedPrefix } from './mask.js';

export interface RunReport {
  dialect: string;
  event: string;
  input: JsonObject;
  plan: PlanDescription;
  results: HookResultReport[];
  output: JsonObject;
  outcome: Outcome;
  exitCode: number;
  success: boolean;
  errors: string[];
  totalDurationMs: number;
  diagnostics: Diagnostic[];
  /** Notes where hookrun's result may differ from the agent's (e.g. a capped stream). */
  notes: string[];
  /** `--fail-closed`: the hooks that failed to answer, and whether that blocked the action. */
  failClosed?: FailClosedReport;
  /** The agent ended the event after one hook's result, so the planned hooks after it did not run. */
  endedEarly?: EndedEarly;
  /** The dialect-neutral answer beside `output` (aggregate/verdict.ts). */
  verdict: Verdict;
}

export interface FailClosedReport {
  applied: boolean;
  failures: HookFailure[];
  note?: string;
}

/**
 * How much of a stream the report repeats when the stream went past the capture limit: the cut text is
 * not parsed (a dialect reads only a whole answer), so a prefix is enough to see what the hook was doing, and repeating
 * megabytes (JSON-escaped, up to 6 bytes per byte) is what would blow hookrun's memory.
 */
const CUT_STREAM_EXCERPT_CHARS = 64 * 1024;

export interface HookResultReport {
  index: number;
  name: string;
  command: string;
  source: string;
  layer: string;
  success: boolean;
  exitCode: number;
  signal: string | null;
  timedOut: boolean;
  killed: boolean;
  durationMs: number;
  error?: string;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  output?: unknown;
  outputFormat?: 'json' | 'text';
  stubbed?: boolean;
  /** The agent's result cache supplied this result; no process was started. */
  cached?: boolean;
  /** Not started: its fingerprint is not trusted (see `error`). */
  heldBack?: boolean;
  /** It exited, but a process it started still held its output when the timeout ended the wait. */
  pipesHeldAfterExit?: boolean;
  /** `--contain`: processes it left running that hookrun ended once it was done. */
  contained?: number;
  /** Processes it started that left its session with setsid, still running after hookrun ended it. */
  escaped?: EscapedProcess[];
  /** Where hookrun's handling of this hook makes its answer (or another hook's) differ from the agent's. */
  differsFromAgent?: string[];
  /** The input this hook received, when it differs from the event (sequential chaining). */
  chainedInput?: JsonObject;
}

export function buildReport(
  plan: PlanDescription,
  input: JsonObject,
  results: readonly HookResult[],
  aggregate: AggregateResult,
  outcome: Outcome,
  failClosed: FailClosedReport | undefined,
  agent: string | undefined,
  verdict: Verdict,
): RunReport {
  const notes: string[] = [];
  const hookReports = results.map((r): HookResultReport => {
    const p = r.process;
    const report: HookResultReport = {
      index: r.index,
      name: r.entry.displayName,
      command: r.command,
      source: r.entry.source,
      layer: r.entry.layer,
      success: r.success,
      exitCode: r.exitCode,
      signal: p?.signal ?? null,
      timedOut: p?.timedOut ?? false,
      killed: p?.killed ?? false,
      durationMs: r.durationMs,
      stdout: excerpt(p?.stdout ?? '', p?.stdoutTruncated ?? false),
      stderr: excerpt(p?.stderr ?? '', p?.stderrTruncated ?? false),
      stdoutTruncated: p?.stdoutTruncated ?? false,
      stderrTruncated: p?.stderrTruncated ?? false,
    };
    if (r.error !== undefined) report.error = r.error;
    if (r.output !== undefined) report.output = r.output;
    if (r.outputFormat !== undefined) report.outputFormat = r.outputFormat;
    if (r.stubbed) report.stubbed = true;
    if (r.cached) report.cached = true;
    if (r.heldBack) report.heldBack = true;
    if (p?.pipesHeldAfterExit) report.pipesHeldAfterExit = true;
    if (p?.contained) report.contained = p.contained;
    if (p?.escaped) report.escaped = p.escaped;
    if (r.input !== input) report.chainedInput = r.input;
    if (p?.pipesHeldAfterExit) {
      notes.push(
        `hook "${report.name}" exited, but a process it started held its output open until the timeout; the agent waits for it too, so the hook timed out there as here (its session was then ended)`,
      );
    }
    if (p?.escaped) {
      notes.push(
        `hook "${report.name}" started ${p.escaped.length} process(es) that left its session with setsid and keep running: ${p.escaped.map((e) => `pid ${e.pid} (${e.command})`).join(', ')}`,
      );
    }
    const differs: string[] = [];
    if ((p?.stdoutTruncated && !p.stdoutCutBlanksOnly) || (p?.stderrTruncated && !p.stderrCutBlanksOnly)) {
      differs.push("it wrote more than hookrun captures (--max-output); its output was cut, so its parsed result may differ from the agent's, which reads all of it");
    }
    if (p?.contained) {
      differs.push(
        `--contain ended ${p.contained} process(es) it left running once it was done; the agent leaves them running, so what they would have done later (files, output to other hooks) did not happen`,
      );
    }
    if (differs.length > 0) {
      report.differsFromAgent = differs;
      for (const d of differs) notes.push(`hook "${report.name}": ${d}`);
    }
    return report;
  });
  if (aggregate.notes) notes.push(...aggregate.notes);
  if (aggregate.agentError) {
    notes.push(`${agent ?? 'the agent'} throws on the hooks' answers here (${aggregate.agentError}): the event ends with no output, as if no hook had answered`);
  }
  return {
    dialect: plan.dialect,
    event: plan.event,
    input,
    plan,
    results: hookReports,
    output: aggregate.finalOutput ?? {},
    outcome,
    exitCode: OUTCOME_EXIT_CODE[outcome],
    success: aggregate.success,
    errors: aggregate.errors,
    totalDurationMs: aggregate.totalDurationMs,
    diagnostics: plan.diagnostics,
    notes,
    ...(failClosed ? { failClosed } : {}),
    verdict,
  };
}

function excerpt(text: string, cut: boolean): string {
  return cut && text.length > CUT_STREAM_EXCERPT_CHARS ? maskedPrefix(text, CUT_STREAM_EXCERPT_CHARS) : text;
}

export function formatDiagnostic(d: Diagnostic, c: ChalkInstance): string {
  const label = d.severity === 'error' ? c.red('error') : d.severity === 'warning' ? c.yellow('warning') : c.cyan('info');
  const where = d.location ? `${formatLocation(d.location)}: ` : '';
  return `hookrun: ${label}: ${printable(`${where}${d.message}`, true)} [${d.code}]`;
}

/** `text` on one line (whitespace runs collapsed, trimmed), cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max = 160): string {
  // Only a growing prefix is flattened: a hook's output may be megabytes, a line needs a few hundred
  // characters. Once the flattened prefix is longer than `max`, the whole text would cut the same way.
  // Masked before it is cut and its whitespace flattened: a secret cut in half, or with its line breaks
  // made spaces, would pass the mask at the stream.
  for (let end = max * 4; ; end *= 2) {
    const flat = maskedPrefix(text, end).replace(/\s+/g, ' ').trim();
    if (flat.length > max) return printable(`${flat.slice(0, max - 1)}…`);
    if (end >= text.length) return printable(flat);
  }
}

function decisionText(result: HookResultReport, words: AnswerWords): string {
  // Plain-text dialects (Kiro) keep the hook's text as its output.
  if (typeof result.output === 'string') return result.output.trim() === '' ? 'no output' : oneLine(result.output, 100);
  const output = result.output as Record<string, unknown> | undefined;
  if (!output || typeof output !== 'object') return 'no output';
  // Which fields say what is the agent's (its dialect's AnswerWords); putting them on one line is the report's.
  const { decided, why } = words.hook(output);
  const parts = [...decided];
  if (why) parts.push(oneLine(textOf(why), 100));
  const said = parts.length > 0 ? parts.join(': ') : 'output without a decision';
  // The answer came as plain text, not JSON: said after it, not as one more ": " part.
  return result.outputFormat === 'text' ? `${said} (from plain-text output)` : said;
}

function hookLine(result: HookResultReport, c: ChalkInstance, words: AnswerWords): string {
  const name = printable(result.name);
  if (result.heldBack) return `  ${c.red('⊘')} ${c.bold(name)} ${c.dim(`(${result.layer})`)} held back: not trusted, not run`;
  const mark = result.error ? c.red('✗') : result.success ? c.green('✓') : c.yellow('!');
  const status = result.timedOut
    ? c.red(`timed out${result.killed ? ', killed' : ''}`)
    : result.error
      ? c.red(`error: ${oneLine(result.error)}`)
      : result.signal
        ? c.yellow(`killed by ${result.signal}`)
        : `exit ${result.exitCode}`;
  const stub = result.stubbed ? c.magenta(' [stub]') : result.cached ? c.cyan(' [cached]') : '';
  const cut = result.stdoutTruncated || result.stderrTruncated ? c.yellow(' [output cut]') : '';
  const line = `  ${mark} ${c.bold(name)} ${c.dim(`(${result.layer})`)} ${result.durationMs} ms, ${status}${stub}${cut} → ${decisionText(result, words)}`;
  const differs = (result.differsFromAgent ?? []).map((d) => `\n      ${c.yellow('≠ the agent')}: ${printable(d)}`);
  return line + differs.join('');
}

const OUTCOME_WORDS: Readonly<Record<Outcome, string>> = {
  proceed: 'proceed',
  block: 'block',
  ask: 'ask the user',
  stop: 'stop the agent',
};

/** What the report says after a block or a stop whose output gives no reason (Gemini CLI's own words for it). */
const NO_REASON = 'No reason provided';

function outcomeReason(output: JsonObject, outcome: Outcome, words: AnswerWords): string {
  if (outcome === 'proceed') return '';
  const said = words.outcome(output, outcome) || (outcome === 'ask' ? undefined : NO_REASON);
  return said ? `: ${oneLine(textOf(said), 200)}` : '';
}

/** The human report on stderr: diagnostics, one line per hook, the outcome; `words` are the dialect's for its answers. */
export function renderRunText(report: RunReport, color: boolean, words: AnswerWords): string {
  const c = makeChalk(color);
  const lines = report.diagnostics.filter((d) => d.severity !== 'info').map((d) => formatDiagnostic(d, c));
  const { plan } = report;
  const subject = typeof report.input.tool_name === 'string' ? ` (tool ${printable(report.input.tool_name)})` : '';
  if (plan.error) lines.push(`hookrun: ${c.red('error')}: ${printable(plan.error, true)}`);
  if (report.results.length === 0) {
    lines.push(`hookrun: ${report.event}${subject}: no hook matched`);
  } else {
    lines.push(`hookrun: ${report.event}${subject}: ${report.results.length} hook(s), ${plan.mode}`);
    for (const result of report.results) lines.push(hookLine(result, c, words));
  }
  // A hook's own differences are printed under it.
  const atHooks = new Set(report.results.flatMap((r) => (r.differsFromAgent ?? []).map((d) => `hook "${r.name}": ${d}`)));
  for (const note of report.notes) if (!atHooks.has(note)) lines.push(`hookrun: ${c.yellow('note')}: ${printable(note, true)}`);
  const failClosed = report.failClosed;
  if (failClosed?.applied) {
    lines.push(`hookrun: ${c.red('--fail-closed')}: ${printable(failClosed.failures.map((f) => `"${f.name}" ${f.why}`).join('; '))}`);
  } else if (failClosed?.note) {
    lines.push(`hookrun: ${c.yellow('note')}: ${failClosed.note}`);
  }
  // A block (exit 2) is an answer and a held-back hook never ran: neither is called "failed".
  const isBlock = (r: HookResultReport) => !r.success && !r.heldBack && !r.error && !r.timedOut && !r.signal && r.exitCode === 2;
  const blocked = report.results.filter(isBlock).map((r) => r.name);
  const heldBack = report.results.filter((r) => r.heldBack).map((r) => r.name);
  const failed = report.results.filter((r) => !r.success && !r.heldBack && !isBlock(r)).map((r) => r.name);
  if (blocked.length > 0) lines.push(`hookrun: hook(s) [${printable(blocked.join(', '))}] blocked event ${report.event} (exit 2)`);
  if (heldBack.length > 0) lines.push(`hookrun: hook(s) [${printable(heldBack.join(', '))}] held back for event ${report.event}: not trusted, not run`);
  if (failed.length > 0) lines.push(`hookrun: hook(s) [${printable(failed.join(', '))}] failed for event ${report.event}`);
  const unplanned = report.verdict.notRun.filter((hook) => hook.why === 'untrusted' || hook.why === 'disabled');
  if (unplanned.length > 0) {
    lines.push(`hookrun: hook(s) [${printable(unplanned.map((hook) => `${hook.hook} (${hook.why})`).join(', '))}] configured for event ${report.event}, not run`);
  }
  const ended = report.endedEarly;
  if (ended) lines.push(`hookrun: hook(s) [${printable(ended.notRun.join(', '))}] not run: after "${printable(ended.after)}", ${printable(ended.why)}`);
  const outcomeText = `${OUTCOME_WORDS[report.outcome]} (exit ${report.exitCode})${outcomeReason(report.output, report.outcome, words)}`;
  const painted = report.outcome === 'proceed' ? c.green(outcomeText) : report.outcome === 'ask' ? c.yellow(outcomeText) : c.red(outcomeText);
  lines.push(`hookrun: outcome: ${painted}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Diagnostics that name hooks that do not run although configured, news that `--quiet` does not silence:
 * held back by trust, or in a settings file the agent skips whole (Claude Code's file that is not strict
 * JSON, Gemini CLI's insecure system file), whose guards vanish with it.
 */
const HELD_BACK_CODES: ReadonlySet<string> = new Set(['untrusted-project-hooks', 'project-hooks-held-back', ...DROPPED_FILE_CODES]);

const NOT_STARTED_WORDS: Readonly<Partial<Record<NotRunWhy, string>>> = {
  untrusted: 'not run: the folder is not trusted',
  'held-back': 'held back, not run',
  'cannot-start': 'could not start',
};

/**
 * The one line that names every guard of the event that was never started (a dropped file's, or an
 * untrusted folder's where the loader says so, is named by that diagnostic), with how to trust the folder
 * when that is why; '' when there is none.
 */
function notStartedLine(report: RunReport, c: ChalkInstance): string {
  // An untrusted folder's hooks are already named by the loader's one line, where the dialect has it.
  const named = report.diagnostics.some((d) => d.code === 'untrusted-project-hooks');
  const hooks = report.verdict.notRun.filter((hook) => NOT_STARTED.has(hook.why) && hook.why !== 'dropped-file' && !(named && hook.why === 'untrusted'));
  if (hooks.length === 0) return '';
  const parts = hooks.map((hook) => {
    const what = hook.why === 'cannot-start' ? `${NOT_STARTED_WORDS[hook.why]}: ${oneLine(hook.detail)}` : NOT_STARTED_WORDS[hook.why];
    return `hook "${printable(hook.hook)}" (${printable(hook.source)}) ${what}`;
  });
  const untrusted = hooks.find((hook) => hook.why === 'untrusted');
  const how = untrusted ? ` [${printable(untrusted.detail, true)}]` : '';
  return `hookrun: ${c.yellow('warning')}: ${report.event}: ${hooks.length} guard(s) did not run: ${parts.join('; ')}${how}`;
}

/**
 * What `run --quiet` still prints on stderr (docs/safety.md "Trust in every dialect": quiet silences the report, not the news that a
 * guard did not run): the diagnostics of hooks held back by trust or dropped with their file, and one
 * line naming every hook that was never started.
 */
export function renderQuietNews(report: RunReport, color: boolean): string {
  const c = makeChalk(color);
  const lines = report.diagnostics.filter((d) => HELD_BACK_CODES.has(d.code)).map((d) => formatDiagnostic(d, c));
  const line = notStartedLine(report, c);
  if (line !== '') lines.push(line);
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

const PLAN_INFO: ReadonlySet<string> = new Set(['env-file-loaded', 'env-cloud-shell-project']);

/** The dry-run plan as text on stderr. */
export function renderPlanText(plan: PlanDescription, color: boolean): string {
  const c = makeChalk(color);
  // Of the info, what changes the hooks' environment: a dry run is where one checks what a hook will see.
  const lines = plan.diagnostics.filter((d) => d.severity !== 'info' || PLAN_INFO.has(d.code)).map((d) => formatDiagnostic(d, c));
  if (plan.error) lines.push(`hookrun: ${c.red('error')}: ${plan.error}`);
  lines.push(`hookrun: dry run of ${plan.event}: ${plan.hooks.length} hook(s) would run, ${plan.mode} (${plan.modeBecause})`);
  for (const h of plan.hooks) {
    const where = h.file ? ` ${c.dim(`${h.file}:${h.line}`)}` : '';
    const env = h.envKeys.length > 0 ? `, env ${h.envKeys.join(', ')}` : '';
    lines.push(`  ${h.index + 1}. ${c.bold(printable(h.name))} (${h.layer})${where}`);
    lines.push(`     $ ${printable(h.command)}`);
    lines.push(`     matcher ${JSON.stringify(h.matcher ?? null)}${h.matched ? ` (${h.matched})` : ''}, timeout ${h.timeoutMs} ms${env}`);
    if (h.heldBack) lines.push(`     ${c.red('held back')}: ${printable(h.heldBack)}`);
  }
  for (const s of plan.skipped) lines.push(`  - ${c.dim(printable(`${s.name}: not run (${s.reason}): ${s.detail}`))}`);
  return `${lines.join('\n')}\n`;
}
