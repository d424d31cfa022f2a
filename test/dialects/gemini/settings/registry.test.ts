import { describe, expect, it } from 'vitest';
import type { JsonObject, Location } from '../../../../src/pipeline/types.js';
import { registerHooks, slotsFromObject, type Locator } from '../../../../src/dialects/gemini/settings/registry.js';

const FILE = '/w/.gemini/settings.json';
const locate: Locator = (sub, options) => ({ file: FILE, line: options?.key ? 1 : 2, column: 1, path: ['hooks', ...sub] }) as Location;

function register(hooks: JsonObject, disabled: unknown = [], source: 'project' | 'extensions' = 'project') {
  return registerHooks({ slots: slotsFromObject(hooks, 'workspace', locate), source, disabled });
}

const command = (cmd: string, extra: JsonObject = {}) => ({ type: 'command', command: cmd, ...extra });

describe('registerHooks: what gets registered', () => {
  it('registers a valid hook with its definition-level fields, raw', () => {
    const { entries, diagnostics } = register({ BeforeTool: [{ matcher: 'EditTool', sequential: 'true', hooks: [command('./check.sh', { timeout: 60 })] }] });
    expect(diagnostics).toEqual([]);
    expect(entries).toEqual([
      {
        event: 'BeforeTool',
        config: { type: 'command', command: './check.sh', timeout: 60 },
        source: 'project',
        layer: 'workspace',
        matcher: 'EditTool',
        sequential: 'true',
        enabled: true,
        displayName: './check.sh',
        location: { file: FILE, line: 2, column: 1, path: ['hooks', 'BeforeTool', 0, 'hooks', 0] },
      },
    ]);
  });

  it('keeps non-string matchers as written (the planner reproduces what Gemini does with them)', () => {
    expect(register({ BeforeTool: [{ matcher: 7, hooks: [command('a')] }] }).entries[0]!.matcher).toBe(7);
  });

  it.each([
    ['the name', { name: 'nice', command: 'a.sh' }, 'nice'],
    ['the command when there is no name', { command: 'a.sh' }, 'a.sh'],
  ])('uses %s as display name', (_name, fields, expected) => {
    expect(register({ AfterTool: [{ hooks: [{ type: 'command', ...fields }] }] }).entries[0]!.displayName).toBe(expected);
  });

  // Gemini's getHookName: only a command hook falls back to its command.
  it.each([
    ['its name', { name: 'nice', command: 'p.sh' }, 'nice'],
    ['"unknown-hook", not its command', { command: 'p.sh' }, 'unknown-hook'],
    ['"unknown-hook" without a command either', {}, 'unknown-hook'],
  ])('names a plugin hook by %s', (_name, fields, expected) => {
    expect(register({ AfterTool: [{ hooks: [{ type: 'plugin', ...fields }] }] }).entries[0]!.displayName).toBe(expected);
  });

  it('disables an unnamed plugin hook by "unknown-hook", not by its command', () => {
    const plugin = { type: 'plugin', command: 'p.sh' };
    expect(register({ BeforeTool: [{ hooks: [plugin] }] }, ['p.sh']).entries[0]!.enabled).toBe(true);
    expect(register({ BeforeTool: [{ hooks: [plugin] }] }, ['unknown-hook']).entries[0]!.enabled).toBe(false);
  });

  it('disables by display name only: a named hook is not disabled by its command', () => {
    const { entries } = register({ BeforeTool: [{ hooks: [command('a.sh'), command('b.sh', { name: 'named-b' }), command('c.sh', { name: 'c' })] }] }, ['a.sh', 'b.sh', 'c']);
    expect(entries.map((entry) => [entry.displayName, entry.enabled])).toEqual([
      ['a.sh', false],
      ['named-b', true],
      ['c', false],
    ]);
  });

  it('accepts plugin hooks and runtime hooks with a name', () => {
    const { entries } = register({
      BeforeAgent: [
        {
          hooks: [
            { type: 'plugin', command: 'p' },
            { type: 'runtime', name: 'r' },
          ],
        },
      ],
    });
    expect(entries.map((entry) => entry.displayName)).toEqual(['unknown-hook', 'r']);
  });

  it('labels extension hooks', () => {
    const out = registerHooks({ slots: slotsFromObject({ SessionStart: [{ hooks: [command('x')] }] }, 'extension', locate), source: 'extensions', disabled: [], extension: 'ext' });
    expect(out.entries[0]).toMatchObject({ source: 'extensions', layer: 'extension', extension: 'ext' });
  });
});

describe('registerHooks: every skip is a diagnostic', () => {
  it.each([
    ['an unknown event', { InvalidEvent: [] }, 'invalid-event-name', 'Invalid hook event name: "InvalidEvent" from project config. Skipping.', ['hooks', 'InvalidEvent']],
    ['a wrongly cased event', { beforetool: [] }, 'invalid-event-name', 'Invalid hook event name: "beforetool" from project config. Skipping.', ['hooks', 'beforetool']],
    ['hooks.disabled', { disabled: ['x'] }, 'ignored-hooks-key', '"hooks.disabled" is ignored by Gemini CLI; the setting is "hooksConfig.disabled".', ['hooks', 'disabled']],
    ['hooks.enabled', { enabled: true }, 'ignored-hooks-key', '"hooks.enabled" is ignored by Gemini CLI; the setting is "hooksConfig.enabled".', ['hooks', 'enabled']],
    [
      'hooks.notifications',
      { notifications: true },
      'ignored-hooks-key',
      '"hooks.notifications" is ignored by Gemini CLI; the setting is "hooksConfig.notifications".',
      ['hooks', 'notifications'],
    ],
    [
      'an event that is not an array',
      { BeforeTool: 'not-an-array' },
      'event-not-array',
      'Hook definitions for event "BeforeTool" from source "project" is not an array. Skipping.',
      ['hooks', 'BeforeTool'],
    ],
    ['a null definition', { BeforeTool: [null] }, 'invalid-definition', 'Discarding invalid hook definition for BeforeTool from project: null', ['hooks', 'BeforeTool', 0]],
    [
      'a definition without hooks',
      { BeforeTool: [{ matcher: 'EditTool' }] },
      'invalid-definition',
      'Discarding invalid hook definition for BeforeTool from project: {"matcher":"EditTool"}',
      ['hooks', 'BeforeTool', 0],
    ],
    [
      'a definition whose hooks is not an array',
      { BeforeTool: [{ hooks: 'x' }] },
      'invalid-definition',
      'Discarding invalid hook definition for BeforeTool from project: {"hooks":"x"}',
      ['hooks', 'BeforeTool', 0],
    ],
    [
      'a capitalised type',
      { BeforeTool: [{ hooks: [{ type: 'Command', command: 'x' }] }] },
      'invalid-hook-type',
      'Invalid hook BeforeTool from project type: Command (Gemini CLI skips this hook without a visible warning; types are case-sensitive, use "command")',
      ['hooks', 'BeforeTool', 0, 'hooks', 0],
    ],
    [
      'a missing type',
      { AfterTool: [{ hooks: [{ command: 'x' }] }] },
      'invalid-hook-type',
      'Invalid hook AfterTool from project type: undefined (Gemini CLI skips this hook without a visible warning)',
      ['hooks', 'AfterTool', 0, 'hooks', 0],
    ],
    [
      'a command hook without command',
      { BeforeTool: [{ hooks: [{ type: 'command' }] }] },
      'missing-command',
      'Command hook BeforeTool from project missing command field',
      ['hooks', 'BeforeTool', 0, 'hooks', 0],
    ],
    [
      'a runtime hook without name',
      { BeforeTool: [{ hooks: [{ type: 'runtime' }] }] },
      'missing-name',
      'Runtime hook BeforeTool from project missing name field',
      ['hooks', 'BeforeTool', 0, 'hooks', 0],
    ],
    [
      'a string hook',
      { BeforeTool: [{ hooks: ['invalid-string'] }] },
      'invalid-hook-entry',
      'Discarding invalid hook configuration for BeforeTool from project: "invalid-string"',
      ['hooks', 'BeforeTool', 0, 'hooks', 0],
    ],
  ])('%s', (_name, hooks, code, message, path) => {
    const { entries, diagnostics } = register(hooks as JsonObject);
    expect(entries).toEqual([]);
    expect(diagnostics).toEqual([{ code, severity: 'warning', message, location: expect.objectContaining({ file: FILE, path }) }]);
  });

  it('registers a runtime hook from settings, and warns that it can only fail', () => {
    const { entries, diagnostics } = register({ BeforeTool: [{ hooks: [{ type: 'runtime', name: 'rt', command: 'x.sh' }] }] });
    expect(entries.map((entry) => [entry.config.type, entry.displayName])).toEqual([['runtime', 'rt']]);
    expect(diagnostics).toEqual([
      {
        code: 'runtime-hook-in-settings',
        severity: 'warning',
        message:
          'Runtime hook "rt" for BeforeTool from project is registered, but Gemini CLI runs a runtime hook by calling an in-process function that settings cannot define: it always fails and its command never runs.',
        location: expect.objectContaining({ file: FILE, path: ['hooks', 'BeforeTool', 0, 'hooks', 0] }),
      },
    ]);
  });

  it('reports the key position for key problems and the value position for the rest', () => {
    expect(register({ Nope: [] }).diagnostics[0]!.location!.line).toBe(1);
    expect(register({ BeforeTool: [null] }).diagnostics[0]!.location!.line).toBe(2);
  });

  it('gives one warning per invalid hook entry and keeps the valid sibling', () => {
    const { entries, diagnostics } = register({ BeforeTool: [{ hooks: ['not-an-object', 42, null, command('ok.sh'), { type: 'invalid-type' }] }] });
    expect(entries.map((entry) => entry.displayName)).toEqual(['ok.sh']);
    expect(diagnostics.map((d) => d.code)).toEqual(['invalid-hook-entry', 'invalid-hook-entry', 'invalid-hook-entry', 'invalid-hook-type']);
  });

  it('registers the valid event next to skipped config keys and invalid events', () => {
    const { entries, diagnostics } = register({ enabled: true, disabled: [], notifications: true, InvalidEvent: [], BeforeTool: [{ hooks: [command('a')] }] });
    expect(entries).toHaveLength(1);
    expect(diagnostics.map((d) => d.code)).toEqual(['ignored-hooks-key', 'ignored-hooks-key', 'ignored-hooks-key', 'invalid-event-name']);
  });

  it('names the extensions source in messages', () => {
    expect(register({ Nope: [] }, [], 'extensions').diagnostics[0]!.message).toBe('Invalid hook event name: "Nope" from extensions config. Skipping.');
  });
});
