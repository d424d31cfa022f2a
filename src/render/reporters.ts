// Test reports, picked by name: text (people), json (programs), junit (CI dashboards), github
// (annotations at the fixture's line). The only code that formats or colours test results.
import { projectOnto } from '../testing/expect.js';
import type { Failure } from '../testing/expect.js';
import type { CaseResult, TestRun } from '../testing/execute.js';
import type { FixtureProblem } from '../testing/load.js';
import { diffLines, toLines } from './diff.js';
import { makeChalk } from './color.js';

import type { ReporterName } from './names.js';

export type { ReporterName };

export interface ReporterOptions {
  color: boolean;
  /** Path as shown in reports (relative to the workspace, or to GITHUB_WORKSPACE for annotations). */
  relative: (file: string) => string;
}

export interface Reporter {
  /** Text printed as each case finishes (streamed), or '' for reporters that print at the end. */
  caseDone(result: CaseResult): string;
  /** Everything after the last case: problems, the summary, or the whole document. */
  end(run: TestRun): string;
}

export function createReporter(name: ReporterName, options: ReporterOptions): Reporter {
  switch (name) {
    case 'json':
      return { caseDone: () => '', end: (run) => `${JSON.stringify(jsonReport(run, options), null, 2)}\n` };
    case 'junit':
      return { caseDone: () => '', end: (run) => junitReport(run, options) };
    case 'github':
      return textReporter({ ...options, color: false }, true);
    default:
      return textReporter(options, false);
  }
}

/** `N passed, N failed` (`, N skipped` when any): the closing line CI log readers look for. */
function summaryLine(run: TestRun): string {
  const { passed, failed, skipped } = run.summary;
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

const location = (file: string, line: number, options: ReporterOptions) => (line > 0 ? `${options.relative(file)}:${line}` : options.relative(file));

function problemText(p: FixtureProblem, options: ReporterOptions): string {
  const where = p.line > 0 ? `${options.relative(p.file)}:${p.line}:${p.column}` : options.relative(p.file);
  return `${where}: ${p.message}`;
}

/** Whether a failure deserves a diff block rather than its one-line message. */
function wantsDiff(f: Failure): boolean {
  if (f.check === 'fired' || f.check === 'notFired' || f.check === 'ran' || f.check === 'contains' || f.check === 'matches') return false;
  const complex = (v: unknown) => (typeof v === 'object' && v !== null) || (typeof v === 'string' && v.includes('\n'));
  return complex(f.expected) || complex(f.actual);
}

/** Expected vs actual as `- expected` / `+ actual` lines (for a subset, only the keys asked about). */
function failureDiff(f: Failure): string[] {
  const actual = f.check === 'subset' ? projectOnto(f.expected, f.actual) : f.actual;
  return diffLines(toLines(f.expected), toLines(actual)).map((d) => `${d.kind} ${d.text}`);
}

/** The body of a failed case: each failure, diffs, what the hooks did, hints. Plain lines, no colour. */
function failureLines(result: CaseResult): { text: string; kind: ' ' | '-' | '+' | 'msg' | 'dim' }[] {
  const lines: { text: string; kind: ' ' | '-' | '+' | 'msg' | 'dim' }[] = [];
  if (result.error) lines.push({ text: `error: ${result.error}`, kind: 'msg' });
  for (const f of result.failures) {
    lines.push({ text: f.message, kind: 'msg' });
    if (wantsDiff(f)) {
      lines.push({ text: '  - expected', kind: '-' }, { text: '  + actual', kind: '+' });
      for (const d of failureDiff(f)) lines.push({ text: `  ${d}`, kind: d[0] as ' ' | '-' | '+' });
    }
  }
  const hooks = result.actual?.hooks ?? [];
  if (result.failures.length > 0 && hooks.length > 0) {
    for (const h of hooks) {
      const status = h.timedOut ? 'timed out' : h.error ? `error: ${h.error}` : `exit ${h.exitCode}`;
      const stderr = h.stderr.trim() ? `, stderr: ${JSON.stringify(h.stderr.trim().split('\n')[0]!.slice(0, 200))}` : '';
      lines.push({ text: `hook ${h.name}: ${status}${h.stubbed ? ' [stub]' : ''}${stderr}`, kind: 'dim' });
    }
  }
  if (result.failures.length > 0 && result.actual?.outcome !== undefined) {
    lines.push({ text: `merged output: ${JSON.stringify(result.actual.output ?? {})}`, kind: 'dim' });
  }
  for (const hint of result.hints) lines.push({ text: `hint: ${hint}`, kind: 'dim' });
  for (const text of hookNotes(result)) lines.push({ text, kind: 'dim' });
  return lines;
}

/** What --contain ended or could not end, per hook: said for passed cases too, since CI is meant to be hermetic. */
function hookNotes(result: CaseResult): string[] {
  return (result.actual?.hooks ?? []).flatMap((h) => (h.notes ?? []).map((n) => `note: hook ${h.name}: ${n}`));
}

function textReporter(options: ReporterOptions, github: boolean): Reporter {
  const c = makeChalk(options.color);
  let currentFile: string | undefined;
  return {
    caseDone(result) {
      const out: string[] = [];
      if (result.file !== currentFile) {
        currentFile = result.file;
        out.push(c.bold(options.relative(result.file)));
      }
      const stub = result.stubbed.length > 0 ? c.magenta(` [stub: ${result.stubbed.join(', ')}]`) : '';
      if (result.status === 'passed') {
        const dry = result.unchecked.length > 0 ? c.dim(` (dry run; not checked: ${result.unchecked.join(', ')})`) : '';
        out.push(`  ${c.green('✓')} ${result.name} ${c.dim(`(${result.durationMs} ms)`)}${stub}${dry}`);
        for (const line of hookNotes(result)) out.push(`      ${c.yellow(line)}`);
      } else if (result.status === 'skipped') {
        out.push(`  ${c.yellow('↓')} ${result.name} ${c.dim(`(skipped: ${result.skipReason ?? ''})`)}`);
      } else {
        out.push(`  ${c.red('✗')} ${result.name} ${c.dim(`(${result.durationMs} ms)`)}${stub}`);
        out.push(`      ${c.dim(`at ${location(result.file, result.line, options)}`)}`);
        for (const line of failureLines(result)) {
          const paint = line.kind === '-' ? c.red : line.kind === '+' ? c.green : line.kind === 'dim' ? c.dim : (s: string) => s;
          out.push(`      ${paint(line.text)}`);
        }
        if (github) out.push(githubAnnotation(result, options));
      }
      return `${out.join('\n')}\n`;
    },
    end(run) {
      const out: string[] = [];
      for (const p of run.problems) {
        out.push(github ? githubProblem(p, options) : `${c.red('error')}: ${problemText(p, options)}`);
      }
      if (run.problems.length > 0) {
        out.push(`hookrun test: ${run.problems.length} problem(s) in the fixtures; no case was run`);
        return `${out.join('\n')}\n`;
      }
      const files = new Set(run.cases.map((r) => r.file)).size;
      out.push('');
      out.push(c.dim(`${run.dryRun ? 'Dry run: checked which hooks fire, ran nothing. ' : ''}${run.summary.total} case(s) in ${files} file(s), ${run.summary.durationMs} ms`));
      out.push(summaryLine(run));
      return `${out.join('\n')}\n`;
    },
  };
}

// GitHub workflow commands: the message is one line, so %, CR and LF are percent-encoded; property
// values additionally encode ':' and ','.
const ghData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const ghProperty = (s: string) => ghData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function githubAnnotation(result: CaseResult, options: ReporterOptions): string {
  const body = failureLines(result)
    .map((l) => l.text)
    .join('\n');
  const props = [`file=${ghProperty(options.relative(result.file))}`];
  if (result.line > 0) props.push(`line=${result.line}`, `col=${result.column}`);
  props.push(`title=${ghProperty(`hookrun test: ${result.name}`)}`);
  return `::error ${props.join(',')}::${ghData(body)}`;
}

function githubProblem(p: FixtureProblem, options: ReporterOptions): string {
  const props = [`file=${ghProperty(options.relative(p.file))}`];
  if (p.line > 0) props.push(`line=${p.line}`, `col=${p.column}`);
  props.push(`title=${ghProperty('hookrun test: bad fixture')}`);
  return `::error ${props.join(',')}::${ghData(p.message)}`;
}

function jsonReport(run: TestRun, options: ReporterOptions): unknown {
  return {
    dryRun: run.dryRun,
    exitCode: run.exitCode,
    summary: run.summary,
    problems: run.problems.map((p) => ({ ...p, file: options.relative(p.file) })),
    cases: run.cases.map((r) => ({ ...r, file: options.relative(r.file) })),
  };
}

// XML 1.0 allows only these characters; hook output can contain anything (ANSI escapes, NUL).
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function xmlEscape(text: string): string {
  return text.replace(INVALID_XML, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function junitCase(r: CaseResult, options: ReporterOptions): string {
  const file = options.relative(r.file);
  const attrs = `name="${xmlEscape(r.name)}" classname="${xmlEscape(file)}" file="${xmlEscape(file)}" line="${r.line}" time="${seconds(r.durationMs)}"`;
  if (r.status === 'passed') {
    const stub = r.stubbed.length > 0 ? `\n      <system-out>${xmlEscape(`stubbed hooks: ${r.stubbed.join(', ')}`)}</system-out>\n    ` : '';
    return `    <testcase ${attrs}>${stub}</testcase>`;
  }
  if (r.status === 'skipped') {
    return `    <testcase ${attrs}>\n      <skipped message="${xmlEscape(r.skipReason ?? '')}"/>\n    </testcase>`;
  }
  const body = [`at ${location(r.file, r.line, options)}`, ...failureLines(r).map((l) => l.text)].join('\n');
  const tag = r.error ? 'error' : 'failure';
  const message = r.error ?? r.failures[0]?.message ?? 'failed';
  const stub = r.stubbed.length > 0 ? `\n      <system-out>${xmlEscape(`stubbed hooks: ${r.stubbed.join(', ')}`)}</system-out>` : '';
  return `    <testcase ${attrs}>\n      <${tag} message="${xmlEscape(message)}" type="${tag === 'error' ? 'CaseError' : 'ExpectationFailed'}">${xmlEscape(body)}</${tag}>${stub}\n    </testcase>`;
}

function junitReport(run: TestRun, options: ReporterOptions): string {
  const suites: string[] = [];
  const byFile = new Map<string, CaseResult[]>();
  for (const r of run.cases) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  let errors = 0;
  for (const [file, cases] of byFile) {
    const name = options.relative(file);
    const failed = cases.filter((r) => r.status === 'failed');
    const caseErrors = failed.filter((r) => r.error).length;
    errors += caseErrors;
    const time = cases.reduce((s, r) => s + r.durationMs, 0);
    suites.push(
      `  <testsuite name="${xmlEscape(name)}" file="${xmlEscape(name)}" tests="${cases.length}" failures="${failed.length - caseErrors}" errors="${caseErrors}" skipped="${cases.filter((r) => r.status === 'skipped').length}" time="${seconds(time)}">\n${cases.map((r) => junitCase(r, options)).join('\n')}\n  </testsuite>`,
    );
  }
  if (run.problems.length > 0) {
    errors += run.problems.length;
    const cases = run.problems.map((p) => {
      const where = problemText(p, options);
      return `    <testcase name="${xmlEscape(where)}" classname="hookrun.fixtures" file="${xmlEscape(options.relative(p.file))}" line="${p.line}" time="0.000">\n      <error message="${xmlEscape(p.message)}" type="BadFixture">${xmlEscape(where)}</error>\n    </testcase>`;
    });
    suites.push(
      `  <testsuite name="bad fixtures" tests="${run.problems.length}" failures="0" errors="${run.problems.length}" skipped="0" time="0.000">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  const { summary } = run;
  const failures = summary.failed - (errors - run.problems.length);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="hookrun test" tests="${summary.total + run.problems.length}" failures="${failures}" errors="${errors}" skipped="${summary.skipped}" time="${seconds(summary.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
