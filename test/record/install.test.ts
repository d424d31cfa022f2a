// The capture hook as text edits: installed with the file's own layout, removed without touching the rest.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { detectEol, hasCaptureHooks, installCaptureHooks, removeCaptureHooks } from '../../src/testing/record-install.js';

const FILE = '/w/.gemini/settings.json';

describe('capture hook edits', () => {
  test.each([
    ['spaces, LF', '{\n    "a": 1\n}\n'],
    ['tabs, CRLF', '{\r\n\t"a": 1,\r\n\t"hooks": { "BeforeTool": [] }\r\n}\r\n'],
    ['comments everywhere', '// top\n{\n  /* a */ "hooks": { // h\n    "AfterTool": [ { "hooks": [ { "type": "command", "command": "x" } ] } ] // keep\n  }\n}\n'],
  ])('install then remove gives the text back (%s)', (_name, text) => {
    const installed = installCaptureHooks(text, FILE, ['BeforeTool', 'AfterTool']);
    expect(hasCaptureHooks(installed.text)).toBe(true);
    const removed = removeCaptureHooks(installed.text, FILE, installed.created);
    expect(removed.removed).toBe(2);
    expect(hasCaptureHooks(removed.text)).toBe(false);
    expect(removed.text).toBe(text);
  });

  test("inserted lines take the file's line ends and the indentation of their neighbours", () => {
    expect(detectEol('{\n\t"a": 1\r\n}')).toBe('\r\n');
    expect(detectEol('{\n    "a": 1\n}')).toBe('\n');
    const installed = installCaptureHooks('{\r\n\t"a": 1,\r\n\t"hooks": {\r\n\t\t"AfterTool": [\r\n\t\t\t{ "hooks": [] }\r\n\t\t]\r\n\t}\r\n}\r\n', FILE, [
      'SessionStart',
      'AfterTool',
    ]);
    expect(installed.text).not.toMatch(/[^\r]\n/);
    expect(installed.text).toContain('\r\n\t\t"SessionStart": [{"hooks":[{"type":"command","name":"hookrun-capture"');
    expect(installed.text).toContain('\t\t"AfterTool": [\r\n\t\t\t{"hooks":[{"type":"command","name":"hookrun-capture"');
    expect(installed.text).toContain('}]},\r\n\t\t\t{ "hooks": [] }');
  });

  test("a hook the user put into hookrun's definition survives; only the capture entry goes", () => {
    const installed = installCaptureHooks('{}', FILE, ['BeforeTool']).text;
    const withUserHook = installed.replace('{"hooks":[{"type"', '{"hooks":[{ "type": "command", "command": "mine" }, {"type"');
    expect(withUserHook).not.toBe(installed);
    const removed = removeCaptureHooks(withUserHook, FILE, [['hooks']]);
    expect(JSON.parse(removed.text)).toEqual({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'mine' }] }] } });
  });

  test('refuses what it cannot edit safely', () => {
    expect(() => installCaptureHooks('{ "hooks": [] }', FILE, ['BeforeTool'])).toThrow('"hooks" is not an object');
    expect(() => installCaptureHooks('{ "a": 1, }', FILE, ['BeforeTool'])).toThrow(FILE);
    const twice = installCaptureHooks('{}', FILE, ['BeforeTool']).text;
    expect(() => installCaptureHooks(twice, FILE, ['BeforeTool'])).toThrow('already has hookrun');
    expect(() => removeCaptureHooks('{ "hooks": ', FILE, [])).toThrow();
  });

  test('property: for any settings layout and events, remove(install(text)) === text', () => {
    const EVENTS = ['BeforeTool', 'AfterTool', 'SessionStart', 'BeforeModel'];
    const hook = fc.record({ type: fc.constant('command'), command: fc.string() });
    const definition = fc.record({ matcher: fc.option(fc.string(), { nil: undefined }), hooks: fc.array(hook, { maxLength: 2 }) });
    const settings = fc.record(
      {
        general: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 }),
        hooks: fc.dictionary(fc.constantFrom(...EVENTS), fc.array(definition, { maxLength: 2 }), { maxKeys: 3 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(settings, fc.constantFrom(undefined, 2, 4, '\t'), fc.constantFrom('\n', '\r\n'), fc.subarray(EVENTS, { minLength: 1 }), (value, indent, eol, events) => {
        const text = `${JSON.stringify(value, null, indent).replace(/\n/g, eol)}${eol}`;
        const installed = installCaptureHooks(text, FILE, events);
        expect(JSON.parse(installed.text).hooks).toBeDefined();
        expect(removeCaptureHooks(installed.text, FILE, installed.created).text).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
