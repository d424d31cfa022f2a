// Renderers of validate findings: JSON round-trips, GitHub workflow commands are well-formed and
// escaped, SARIF has the structure code-scanning tools read.
import { describe, expect, it } from 'vitest';
import { enableColor } from '../../src/render/color.js';
import { renderValidate, buildSarif } from '../../src/render/validate.js';
import type { Diagnostic, ValidateResult } from '../../src/pipeline/types.js';
import { FINDING_CODES } from '../../src/dialects/gemini/validate/codes.js';

const WS = '/repo';
const finding = (code: string, severity: Diagnostic['severity'], message: string, where?: [string, number, number], fix?: string): Diagnostic => {
  const d: Diagnostic = { code, severity, message };
  if (where) d.location = { file: where[0], line: where[1], column: where[2], path: [] };
  if (fix) d.fix = fix;
  return d;
};

const result: ValidateResult = {
  cwd: WS,
  files: [
    { layer: 'workspace', path: '/repo/.gemini/settings.json', exists: true },
    { layer: 'user', path: '/home/me/.gemini/settings.json', exists: false },
  ],
  findings: [
    finding('invalid-event-name', 'error', 'Invalid hook event name: "PreToolUse"', ['/repo/.gemini/settings.json', 3, 5], 'Rename the key to "BeforeTool".'),
    finding('timeout-in-seconds', 'warning', 'timeout 30 is 30 ms,\nreally: 100% sure', ['/home/me/.gemini/settings.json', 7, 24]),
    finding('extension-inactive', 'info', 'Extension "x" is disabled', ['/home/me/.gemini/extensions/x/hooks/hooks.json', 0, 0]),
    finding('untrusted-folder', 'info', 'not trusted'),
  ],
  summary: { errors: 1, warnings: 1, infos: 2 },
  incomplete: false,
};
const options = { relativeTo: WS, color: false, version: '9.9.9', codes: FINDING_CODES };

describe('validate renderers', () => {
  it('json is the result, parseable', () => {
    expect(JSON.parse(renderValidate(result, 'json', options))).toEqual(result);
  });

  it('text: one line per finding with file:line:column, the fix, and a summary', () => {
    const lines = renderValidate(result, 'text', options).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\.gemini\/settings\.json:3:5: error: .* \[invalid-event-name\]$/);
    expect(lines[1]).toBe('  fix: Rename the key to "BeforeTool".');
    expect(lines[2]).toMatch(/^\/home\/me\/\.gemini\/settings\.json:7:24: warning: /);
    expect(lines.at(-1)).toBe('1 error, 1 warning, 2 info in 1 file checked');
  });

  it('text is coloured only when asked', async () => {
    await enableColor();
    expect(renderValidate(result, 'text', options)).not.toContain('\u001b[');
    expect(renderValidate(result, 'text', { ...options, color: true })).toContain('\u001b[');
  });

  it('github: one workflow command per finding, escaped', () => {
    const lines = renderValidate(result, 'github', options).trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      '::error file=.gemini/settings.json,line=3,col=5,title=hookrun invalid-event-name::Invalid hook event name: "PreToolUse"%0AFix: Rename the key to "BeforeTool".',
    );
    expect(lines[1]).toBe('::warning file=/home/me/.gemini/settings.json,line=7,col=24,title=hookrun timeout-in-seconds::timeout 30 is 30 ms,%0Areally: 100%25 sure');
    expect(lines[2]).toBe('::notice file=/home/me/.gemini/extensions/x/hooks/hooks.json,title=hookrun extension-inactive::Extension "x" is disabled');
    expect(lines[3]).toBe('::notice title=hookrun untrusted-folder::not trusted');
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) [^:]*::[^\n]+$/);
  });

  it('github escapes property separators in paths', () => {
    const odd = { ...result, findings: [finding('schema-invalid', 'warning', 'x', ['/repo/a,b:c.json', 1, 1])] };
    expect(renderValidate(odd, 'github', options)).toBe('::warning file=a%2Cb%3Ac.json,line=1,col=1,title=hookrun schema-invalid::x\n');
  });

  it('sarif: a 2.1.0 log whose results point at declared rules', () => {
    const sarif = JSON.parse(renderValidate(result, 'sarif', options)) as any;
    expect(sarif).toEqual(buildSarif(result, options));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs).toHaveLength(1);
    const [run] = sarif.runs;
    expect(run.tool.driver).toMatchObject({ name: 'hookrun', version: '9.9.9' });
    expect(run.tool.driver.rules.map((rule: any) => rule.id)).toEqual(Object.keys(FINDING_CODES));
    expect(run.results).toHaveLength(4);
    for (const entry of run.results) {
      expect(['error', 'warning', 'note']).toContain(entry.level);
      expect(run.tool.driver.rules[entry.ruleIndex].id).toBe(entry.ruleId);
      expect(typeof entry.message.text).toBe('string');
    }
    expect(run.results[0].locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: '.gemini/settings.json', uriBaseId: 'SRCROOT' },
      region: { startLine: 3, startColumn: 5 },
    });
    expect(run.results[1].locations[0].physicalLocation.artifactLocation.uri).toBe('file:///home/me/.gemini/settings.json');
    expect(run.results[2].locations[0].physicalLocation.region).toBeUndefined();
    expect(run.results[3].locations).toBeUndefined();
    expect(run.originalUriBaseIds.SRCROOT.uri).toBe('file:///repo/');
  });

  it('sarif: relative uris are escaped per segment, "/" kept', () => {
    const odd: ValidateResult = { ...result, findings: [finding('invalid-event-name', 'error', 'x', ['/repo/a b/c#d?e%f/ü:x/settings.json', 1, 1])] };
    const uri = (buildSarif(odd, options) as any).runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri as string;
    expect(uri).toBe('a%20b/c%23d%3Fe%25f/%C3%BC%3Ax/settings.json');
    expect(uri.split('/').map(decodeURIComponent).join('/')).toBe('a b/c#d?e%f/ü:x/settings.json');
  });
});
