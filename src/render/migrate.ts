// The migrate report: as data for --json, as text for people on stderr.
import type { Diagnostic, JsonObject } from '../pipeline/types.js';
import { type AgentName, VOCABULARY } from '../migrate/lookup.js';
import { makeChalk } from './color.js';
import { formatDiagnostic } from './report.js';

export interface WriteSummary {
  file: string;
  /** Hooks written into the file. */
  added: number;
  /** Hooks the file already had (same event, matcher and command). */
  alreadyPresent: number;
  /** False when there was nothing new, so the file was left untouched. */
  changed: boolean;
}

export interface MigrateReport {
  from: AgentName;
  to: AgentName;
  sources: string[];
  /** The file the result belongs in. */
  target: string;
  /** What that file gets (for Gemini: `{ "hooks": { ... } }`). */
  settings: JsonObject;
  counts: { found: number; carried: number; skipped: number };
  findings: Diagnostic[];
  written?: WriteSummary;
}

export interface MigrationOutcome {
  from: AgentName;
  to: AgentName;
  sources: string[];
  file: string;
  fragment: JsonObject;
  counts: MigrateReport['counts'];
  findings: Diagnostic[];
}

export function buildMigrateReport(result: MigrationOutcome, written?: WriteSummary): MigrateReport {
  const report: MigrateReport = {
    from: result.from,
    to: result.to,
    sources: result.sources,
    target: result.file,
    settings: result.fragment,
    counts: result.counts,
    findings: result.findings,
  };
  if (written) report.written = written;
  return report;
}

const SEVERITY_ORDER: Readonly<Record<Diagnostic['severity'], number>> = { error: 0, warning: 1, info: 2 };

export function renderMigrateText(report: MigrateReport, color: boolean): string {
  const c = makeChalk(color);
  const from = VOCABULARY[report.from].label;
  const to = VOCABULARY[report.to].label;
  const lines = [`hookrun migrate: ${from} hooks from ${report.sources.join(', ') || '(none)'}`];
  const findings = [...report.findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  for (const finding of findings) lines.push(formatDiagnostic(finding, c));
  const { found, carried, skipped } = report.counts;
  const tally = `${carried} of ${found} hook(s) carried over to ${to}`;
  lines.push(`hookrun migrate: ${skipped > 0 ? c.yellow(`${tally}; ${skipped} not carried (errors above)`) : c.green(tally)}`);
  const w = report.written;
  if (w) {
    lines.push(
      w.changed
        ? `hookrun migrate: wrote ${w.added} hook(s) to ${w.file}${w.alreadyPresent ? ` (${w.alreadyPresent} already there)` : ''}`
        : `hookrun migrate: nothing to write: ${w.file} already has ${w.alreadyPresent === 0 ? 'no hooks to add' : `all ${w.alreadyPresent} hook(s)`}`,
    );
  } else {
    lines.push(`hookrun migrate: ${to} ${VOCABULARY[report.to].fileKind ?? 'hooks'} printed on stdout; --write merges them into ${report.target}`);
  }
  return `${lines.join('\n')}\n`;
}
