// One broken configuration per finding code, asserting codes and positions (not wording).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../../src/pipeline/types.js';
import { FINDING_CODES } from '../../../../src/dialects/gemini/validate/codes.js';
import { validateGemini } from '../../../../src/dialects/gemini/validate/validate.js';
import { FIXTURES, fixtureNames, loadFixture } from './fixture-sandbox.js';

const ROOT = path.join(FIXTURES, '..', '..', '..', '..', '..');

function describeFinding(finding: Diagnostic, root: string): string {
  const loc = finding.location;
  if (!loc) return finding.code;
  const file = path.relative(root, loc.file);
  return `${finding.code} ${file}${loc.line > 0 ? `:${loc.line}:${loc.column}` : ''}`;
}

describe('validate fixtures', () => {
  it.each(fixtureNames())('%s', (name) => {
    const sandbox = loadFixture(name);
    try {
      // Every fixture workspace is new to trusted_hooks.json; only its own fixture looks at that.
      const ignore = name === 'untrusted-project-hook' ? [] : ['untrusted-project-hook'];
      const result = validateGemini(sandbox.ctx, { ignore });
      const actual = result.findings.map((finding) => describeFinding(finding, sandbox.root));
      if (process.env.PRINT_FIXTURES) console.log(name, JSON.stringify(actual, null, 2));
      expect(actual).toEqual(sandbox.expected.findings);
      if (name !== 'clean') expect(actual.some((line) => line.split(' ')[0] === name)).toBe(true);
      for (const finding of result.findings) {
        expect(finding.severity).toBe(FINDING_CODES[finding.code as keyof typeof FINDING_CODES].severity);
        expect(finding.message.length).toBeGreaterThan(10);
      }
    } finally {
      sandbox.cleanup();
    }
  });

  it('grades every code the settings loader emits', () => {
    // Gemini's settings loader and the shared settings mechanisms it uses; other dialects' loaders have codes of their own.
    const emitted = [path.join(ROOT, 'src', 'dialects', 'gemini', 'settings'), path.join(ROOT, 'src', 'files')]
      .flatMap((dir) => fs.readdirSync(dir).map((file) => path.join(dir, file)))
      .flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/(?:code: |warn\(out, |extensionWarning\(|failed\()'([a-z-]+)'/g)])
      .map((match) => match[1]!);
    expect(emitted.length).toBeGreaterThan(15);
    expect(emitted.filter((code) => !(code in FINDING_CODES))).toEqual([]);
  });

  it('has a fixture for every finding code', () => {
    const missing = Object.keys(FINDING_CODES).filter((code) => !fs.existsSync(path.join(FIXTURES, code)));
    expect(missing).toEqual([]);
  });
});

describe('docs/validate.md', () => {
  it('documents every finding code with its severity', () => {
    const docs = fs.readFileSync(path.join(ROOT, 'docs', 'validate.md'), 'utf8');
    const undocumented = Object.entries(FINDING_CODES)
      .filter(([code, info]) => !new RegExp(`^\\| \`${code}\` \\| ${info.severity}\\b`, 'm').test(docs))
      .map(([code]) => code);
    expect(undocumented).toEqual([]);
  });
});
