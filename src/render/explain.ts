// `explain` for people: one block per configured hook, fires or not and why, coloured on a terminal.
import type { ChalkInstance } from 'chalk';
import { formatLocation } from '../pipeline/errors.js';
import type { ExplainedHook, Explanation } from '../pipeline/explain.js';
import { makeChalk } from './color.js';
import { formatDiagnostic } from './report.js';
import { printable } from './printable.js';

const place = (p: { file?: string; line?: number; column?: number }): string =>
  p.file ? formatLocation({ file: p.file, line: p.line ?? 0, column: p.column ?? 0, path: [] }) : '';

const LABELS: Readonly<Record<NonNullable<ExplainedHook['reason']>, string>> = {
  matcher: 'matcher did not match',
  disabled: 'disabled',
  duplicate: 'deduplicated',
  'planner-error': 'planner error',
  'hooks-disabled': 'hooks disabled',
  'untrusted-folder': 'untrusted folder',
  'extension-inactive': 'extension inactive',
};

function why(hook: ExplainedHook): string {
  if (hook.reason === 'duplicate' && hook.duplicateOf) {
    return `deduplicated against ${place(hook.duplicateOf) || `"${hook.duplicateOf.name}"`}: same name:command as that earlier hook, and the first one wins`;
  }
  if (hook.reason === 'disabled' && hook.disabledBy?.length) {
    return `disabled by hooksConfig.disabled in ${hook.disabledBy.map(place).join(' and ')}`;
  }
  return `${LABELS[hook.reason!]}: ${hook.detail}`;
}

function hookBlock(hook: ExplainedHook, c: ChalkInstance, width: number): string[] {
  const where = place(hook);
  const origin = hook.extension ? `extension ${hook.extension}` : hook.layer;
  const head = hook.fires ? `${c.green('✓')} ${String((hook.order ?? 0) + 1)}.` : `${c.red('✗')}   `;
  const lines = [`  ${head} ${c.bold(printable(hook.name).padEnd(width))}  ${origin.padEnd(14)}  ${c.dim(where)}`.trimEnd()];
  const indent = '         ';
  if (hook.fires) {
    lines.push(`${indent}fires: ${printable(hook.detail ?? '')}`);
    if (hook.runs !== undefined) lines.push(`${indent}${c.dim('$')} ${printable(hook.runs)}`);
  } else if (hook.ifActive) {
    // The reason's detail is the same for every unregistered hook: it is printed once, above.
    const verdict = hook.ifActive.fires
      ? `it would fire (${hook.ifActive.detail})`
      : `it would not fire either (${hook.ifActive.reason ? `${LABELS[hook.ifActive.reason]}: ` : ''}${hook.ifActive.detail})`;
    lines.push(`${indent}${c.yellow(LABELS[hook.reason!])}; if it were registered, ${printable(verdict)}`);
  } else {
    lines.push(`${indent}${c.yellow(printable(why(hook)))}`);
  }
  return lines;
}

function subjectText(subject: Explanation['subject']): string {
  const parts = Object.entries(subject).map(([key, value]) => `${key} ${JSON.stringify(value)}`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** The explanation on stdout. */
export function renderExplainText(explanation: Explanation, color: boolean): string {
  const c = makeChalk(color);
  const { hooks } = explanation;
  const lines: string[] = [];
  const summary =
    hooks.length === 0
      ? 'no hook is configured for this event'
      : `${explanation.fires} of ${hooks.length} configured hook(s) fire${explanation.fires > 0 ? `, ${explanation.mode}` : ''}`;
  lines.push(`${c.bold(explanation.event)}${subjectText(explanation.subject)}: ${summary}`);
  if (explanation.fires > 1) lines.push(`  ${c.dim(`${explanation.mode}: ${explanation.modeBecause}`)}`);
  if (explanation.error) lines.push(`  ${c.red('planner error')}: ${explanation.error}`);
  const inactive = new Map(hooks.filter((h) => h.ifActive).map((h) => [h.detail, LABELS[h.reason!]]));
  for (const [detail, label] of inactive) lines.push(`  ${c.yellow(label)}: ${detail}`);
  const width = Math.min(
    40,
    hooks.reduce((most, h) => Math.max(most, h.name.length), 0),
  );
  for (const hook of hooks) lines.push(...hookBlock(hook, c, width));
  if (explanation.unregistered.length > 0) {
    lines.push('', `  ${c.yellow('not registered')} (dropped when the settings are loaded):`);
    for (const d of explanation.unregistered) {
      const where = d.location ? `${formatLocation(d.location)}: ` : '';
      lines.push(`  ${c.red('!')} ${where}${d.message} [${d.code}]`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Settings problems that are not about this event, on stderr (as `run` reports them). */
export function renderExplainDiagnostics(explanation: Explanation, color: boolean): string {
  const c = makeChalk(color);
  const lines = explanation.diagnostics.filter((d) => d.severity !== 'info').map((d) => formatDiagnostic(d, c));
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
