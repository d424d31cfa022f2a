// Merging migrated hooks into a Gemini settings file: text in, text out; plus the atomic write on a real file.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { writeFileAtomic } from '../../src/files/atomic.js';
import { mergeHooksIntoSettings } from '../../src/migrate/write.js';
import type { GeminiHooks } from '../../src/migrate/result.js';
import { tempDir } from '../helpers/hooks.js';

const hook = (command: string) => ({ type: 'command' as const, command });
const migrated: GeminiHooks = {
  BeforeTool: [{ matcher: '^run_shell_command$', hooks: [hook('guard')] }],
  AfterAgent: [{ hooks: [hook('stop')] }],
};

const commented = `{
  // my settings
  "general": { "vimMode": true },
  "hooks": {
    "BeforeTool": [
      { "matcher": "write_file", "hooks": [{ "type": "command", "command": "mine" }] } // keep me
    ]
  }
  /* the end */
}
`;

describe('mergeHooksIntoSettings', () => {
  test('appends to the existing event array and adds new events, keeping comments and layout', () => {
    const { text, added, present } = mergeHooksIntoSettings(commented, 'settings.json', migrated);
    expect({ added, present }).toEqual({ added: 2, present: 0 });
    expect(text).toContain('// my settings');
    expect(text).toContain('{ "matcher": "write_file", "hooks": [{ "type": "command", "command": "mine" }] }, // keep me');
    expect(text).toContain('/* the end */');
    const parsed = JSON.parse(text.replace(/\/\/.*$/gm, '').replace(/\/\*.*\*\//g, ''));
    expect(parsed.general).toEqual({ vimMode: true });
    expect(parsed.hooks.BeforeTool.map((d: { hooks: { command: string }[] }) => d.hooks[0]!.command)).toEqual(['mine', 'guard']);
    expect(parsed.hooks.AfterAgent).toEqual([{ hooks: [hook('stop')] }]);
  });

  test('is idempotent: a second merge adds nothing', () => {
    const once = mergeHooksIntoSettings(commented, 'settings.json', migrated).text;
    const twice = mergeHooksIntoSettings(once, 'settings.json', migrated);
    expect(twice).toEqual({ text: once, added: 0, present: 2 });
  });

  test('a hook already present under an equivalent matcher is not added; under another matcher it is', () => {
    const existing = JSON.stringify({ hooks: { AfterAgent: [{ matcher: '*', hooks: [hook('stop')] }], BeforeTool: [{ matcher: 'x', hooks: [hook('guard')] }] } }, null, 2);
    const { added, present } = mergeHooksIntoSettings(existing, 's', migrated);
    expect({ added, present }).toEqual({ added: 1, present: 1 });
  });

  test('a missing or empty file gets a fresh settings object', () => {
    expect(JSON.parse(mergeHooksIntoSettings(undefined, 's', migrated).text)).toEqual({ hooks: migrated });
    expect(JSON.parse(mergeHooksIntoSettings('{}', 's', migrated).text)).toEqual({ hooks: migrated });
  });

  test('tabs and CRLF line ends are kept', () => {
    const text = '{\r\n\t"hooks": {\r\n\t\t"BeforeTool": [\r\n\t\t\t{"hooks": []}\r\n\t\t]\r\n\t}\r\n}\r\n';
    const merged = mergeHooksIntoSettings(text, 's', { BeforeTool: migrated.BeforeTool! }).text;
    expect(merged).not.toMatch(/[^\r]\n/);
    expect(merged).toContain('\t\t\t{\r\n\t\t\t\t"matcher": "^run_shell_command$",');
  });

  test.each([
    ['{"hooks": []}', /s:1:11: "hooks" is not an object/],
    ['{"hooks": {"BeforeTool": {}}}', /s:1:26: hooks.BeforeTool is not an array/],
    ['{"hooks": {},}', /s:1:14/],
    ['[]', /not a valid JSON object/],
  ])('%s is refused with a clear message', (text, message) => {
    expect(() => mergeHooksIntoSettings(text, 's', migrated)).toThrow(message);
  });
});

describe('writeFileAtomic as migrate --write calls it', () => {
  const MIGRATED_FILE = { newFileMode: 0o644, makeParents: true };
  const dir = tempDir('hookrun-write-');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('replaces the file, keeps its mode, leaves no temp file', () => {
    const file = path.join(dir, 'settings.json');
    fs.writeFileSync(file, 'old');
    fs.chmodSync(file, 0o600);
    writeFileAtomic(file, 'new', MIGRATED_FILE);
    expect(fs.readFileSync(file, 'utf8')).toBe('new');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
  });

  test('creates missing directories; writes through a symlink instead of replacing it', () => {
    const target = path.join(dir, 'real.json');
    fs.writeFileSync(target, '{}');
    const link = path.join(dir, 'nested', 'link.json');
    fs.mkdirSync(path.dirname(link));
    fs.symlinkSync(target, link);
    writeFileAtomic(link, 'via link', MIGRATED_FILE);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(target, 'utf8')).toBe('via link');
    writeFileAtomic(path.join(dir, 'a', 'b', 'new.json'), 'x', MIGRATED_FILE);
    expect(fs.readFileSync(path.join(dir, 'a', 'b', 'new.json'), 'utf8')).toBe('x');
  });
});
