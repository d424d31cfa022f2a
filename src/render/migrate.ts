// The migrate report: as data for --json, as text for people on stderr.
import type { Diagnostic } from '../types.js';
import type { MigrationResult } from '../migrate/result.js';
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
  from: 'claude' | 'kiro';
  sources: string[];
  /** The Gemini settings fragment: `{ "hooks": { ... } }`. */
  settings: { hooks: MigrationResult['hooks'] };
  counts: MigrationResult['counts'];
  findings: Diagnostic[];
  written?: WriteSummary;
}

export function buildMigrateReport(result: MigrationResult, written?: WriteSummary): MigrateReport {
  const report: MigrateReport = {
    from: result.from,
    sources: result.sources,
    settings: { hooks: result.hooks },
    counts: result.counts,
    findings: result.findings,
  };
  if (written) report.written = written;
  return report;
}

const SEVERITY_ORDER: Readonly<Record<Diagnostic['severity'], number>> = { error: 0, warning: 1, info: 2 };

export function renderMigrateText(report: MigrateReport, target: string, color: boolean): string {
  const c = makeChalk(color);
  const agent = report.from === 'claude' ? 'Claude Code' : 'Kiro CLI';
  const lines = [`hookrun migrate: ${agent} hooks from ${report.sources.join(', ')}`];
  const findings = [...report.findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  for (const finding of findings) lines.push(formatDiagnostic(finding, c));
  const { found, carried, skipped } = report.counts;
  const tally = `${carried} of ${found} hook(s) carried over to Gemini CLI`;
  lines.push(`hookrun migrate: ${skipped > 0 ? c.yellow(`${tally}; ${skipped} not carried (errors above)`) : c.green(tally)}`);
  const w = report.written;
  if (w) {
    lines.push(
      w.changed
        ? `hookrun migrate: wrote ${w.added} hook(s) to ${w.file}${w.alreadyPresent ? ` (${w.alreadyPresent} already there)` : ''}`
        : `hookrun migrate: nothing to write: ${w.file} already has ${w.alreadyPresent === 0 ? 'no hooks to add' : `all ${w.alreadyPresent} hook(s)`}`,
    );
  } else {
    lines.push(`hookrun migrate: Gemini settings printed on stdout; --write merges them into ${target}`);
  }
  return `${lines.join('\n')}\n`;
}
