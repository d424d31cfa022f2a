// A settings file saved with a UTF-8 byte-order mark, through the real bin: Gemini CLI's JSON.parse
// refuses it, so hookrun stops too (exit 1, position 1:1) and says what the invisible character is.
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
let file: string;
beforeAll(async () => {
  sb = await makeSandbox();
  file = await sb.write(path.join(sb.ws, '.gemini', 'settings.json'), '\uFEFF{"hooks": {}}\n');
});
afterAll(() => sb.cleanup());

test('run: exit 1 naming the byte-order mark at 1:1', async () => {
  const r = await hookrun(['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '-C', sb.ws], { env: sb.env });
  expect(r.exitCode).toBe(1);
  expect(r.stderr).toContain(`a byte-order mark (U+FEFF) at the start of the file, which Gemini CLI does not accept`);
  expect(r.stderr).toContain(`${file}:1:1`);
  expect(r.stderr).not.toContain('\uFEFF');
});

test('validate: the same finding, still an error (exit 1)', async () => {
  const r = await hookrun(['validate', '-C', sb.ws, '--json'], { env: sb.env });
  expect(r.exitCode).toBe(1);
  const report = JSON.parse(r.stdout) as { findings: { code: string; message: string; location?: { line: number; column: number } }[] };
  const finding = report.findings.find((f) => f.code === 'settings-syntax-error');
  expect(finding?.message).toContain('byte-order mark (U+FEFF)');
  expect(finding?.location).toMatchObject({ line: 1, column: 1 });
});
