// `validate` findings rendered for people (text), programs (json), GitHub Actions (workflow
// commands that become annotations) and code-scanning tools (SARIF 2.1.0).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeInfo, Diagnostic, ValidateResult } from '../pipeline/types.js';
import { makeChalk } from './color.js';

import type { ValidateFormat } from './names.js';
import { printable } from './printable.js';

export type { ValidateFormat };

export interface RenderOptions {
  /** Paths inside this directory are shown relative to it (text, github, sarif). */
  relativeTo: string;
  color: boolean;
  version: string;
  /** The finding codes of the dialects checked, with their severity and title (SARIF rules). */
  codes: Readonly<Record<string, CodeInfo>>;
  /** The dialects checked, when validate chose them (no --dialect): named on the summary line. */
  dialects?: readonly string[];
}

export function renderValidate(result: ValidateResult, format: ValidateFormat, options: RenderOptions): string {
  switch (format) {
    case 'text':
      return renderText(result, options);
    case 'json':
      return `${JSON.stringify(result, null, 2)}\n`;
    case 'github':
      return renderGithub(result, options);
    case 'sarif':
      return `${JSON.stringify(buildSarif(result, options), null, 2)}\n`;
  }
}

function shownPath(file: string, base: string): string {
  const relative = path.relative(base, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

function renderText(result: ValidateResult, options: RenderOptions): string {
  const c = makeChalk(options.color);
  const lines: string[] = [];
  for (const finding of result.findings) {
    const label = finding.severity === 'error' ? c.red('error') : finding.severity === 'warning' ? c.yellow('warning') : c.cyan('info');
    const loc = finding.location;
    const where = loc ? `${shownPath(loc.file, options.relativeTo)}${loc.line > 0 ? `:${loc.line}:${loc.column}` : ''}: ` : '';
    lines.push(`${c.bold(where)}${label}: ${printable(finding.message, true)} ${c.dim(`[${finding.code}]`)}`);
    if (finding.fix) lines.push(`  ${c.green('fix:')} ${finding.fix}`);
  }
  const { errors, warnings, infos } = result.summary;
  const checked = result.files.filter((file) => file.exists && !file.note).length;
  const which = options.dialects && options.dialects.length > 0 ? ` (${options.dialects.join(', ')})` : '';
  const counts = `${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(infos, 'info')} in ${plural(checked, 'file')} checked${which}`;
  const paint = errors > 0 ? c.red : warnings > 0 ? c.yellow : c.green;
  if (lines.length > 0) lines.push('');
  lines.push(paint(result.incomplete ? `${counts} (incomplete: a file could not be read)` : counts));
  return `${lines.join('\n')}\n`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 || word === 'info' ? '' : 's'}`;

const GITHUB_LEVEL: Readonly<Record<Diagnostic['severity'], string>> = { error: 'error', warning: 'warning', info: 'notice' };

/** Workflow command escaping: data escapes %, CR and LF; property values also `:` and `,`. */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

function renderGithub(result: ValidateResult, options: RenderOptions): string {
  const lines = result.findings.map((finding) => {
    const properties: string[] = [];
    const loc = finding.location;
    if (loc) {
      properties.push(`file=${escapeProperty(shownPath(loc.file, options.relativeTo))}`);
      if (loc.line > 0) properties.push(`line=${loc.line}`, `col=${loc.column}`);
    }
    properties.push(`title=${escapeProperty(`hookrun ${finding.code}`)}`);
    const text = finding.fix ? `${finding.message}\nFix: ${finding.fix}` : finding.message;
    return `::${GITHUB_LEVEL[finding.severity]} ${properties.join(',')}::${escapeData(text)}`;
  });
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

const SARIF_LEVEL: Readonly<Record<Diagnostic['severity'], string>> = { error: 'error', warning: 'warning', info: 'note' };

/**
 * A relative path as the URI reference SARIF 2.1.0 requires (§3.10.3): each segment percent-encoded, so
 * a `%`, space, `#`, `?` or non-ASCII letter in a folder name survives, and a `:` cannot make the first
 * segment read as a scheme. The separators stay `/`.
 */
function relativeUri(relative: string): string {
  return relative.split(path.sep).map(encodeURIComponent).join('/');
}

export function buildSarif(result: ValidateResult, options: RenderOptions): Record<string, unknown> {
  const table = options.codes;
  const codes = Object.keys(table);
  const rules = codes.map((code) => ({
    id: code,
    shortDescription: { text: table[code]!.title },
    defaultConfiguration: { level: SARIF_LEVEL[table[code]!.severity] },
  }));
  const results = result.findings.map((finding) => {
    const entry: Record<string, unknown> = {
      ruleId: finding.code,
      level: SARIF_LEVEL[finding.severity],
      message: { text: finding.fix ? `${finding.message} Fix: ${finding.fix}` : finding.message },
    };
    const ruleIndex = codes.indexOf(finding.code);
    if (ruleIndex >= 0) entry.ruleIndex = ruleIndex;
    const loc = finding.location;
    if (loc) {
      const shown = shownPath(loc.file, options.relativeTo);
      const physicalLocation: Record<string, unknown> = {
        artifactLocation: path.isAbsolute(shown) ? { uri: pathToFileURL(shown).href } : { uri: relativeUri(shown), uriBaseId: 'SRCROOT' },
      };
      if (loc.line > 0) physicalLocation.region = { startLine: loc.line, startColumn: loc.column };
      entry.locations = [{ physicalLocation }];
    }
    return entry;
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'hookrun', version: options.version, rules } },
        originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(options.relativeTo + path.sep).href } },
        results,
      },
    ],
  };
}
