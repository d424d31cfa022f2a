import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hydrate, isEnabled } from '../../../../src/dialects/gemini/settings/extensions.js';

describe('hydrate', () => {
  const context = { extensionPath: '/ext', workspacePath: '/ws', '/': path.sep, pathSeparator: path.sep, TOKEN: 't' };

  it.each([
    ['${extensionPath}/run.sh', '/ext/run.sh'],
    ['${workspacePath}${/}x${pathSeparator}y', `/ws${path.sep}x${path.sep}y`],
    ['${TOKEN}', 't'],
    ['${HOME} and ${unknown} stay for the shell', '${HOME} and ${unknown} stay for the shell'],
    ['$TOKEN without braces stays', '$TOKEN without braces stays'],
    ['${constructor} is not a context key', '${constructor} is not a context key'],
  ])('%s', (input, expected) => {
    expect(hydrate(input, context)).toBe(expected);
  });

  it('walks objects and arrays and drops keys that could reach a prototype', () => {
    const input = JSON.parse('{"a": ["${TOKEN}", 1], "__proto__": {"x": 1}, "constructor": 1, "prototype": 2, "b": {"c": "${TOKEN}"}}');
    expect(hydrate(input, context)).toEqual({ a: ['t', 1], b: { c: 't' } });
  });
});

describe('isEnabled (extension-enablement.json)', () => {
  it.each([
    ['no entry: enabled', {}, true],
    ['disabled everywhere below /', { ext: { overrides: ['!/*'] } }, false],
    ['disabled for exactly this folder', { ext: { overrides: ['!/home/me/ws/'] } }, false],
    ['disabled for another folder', { ext: { overrides: ['!/home/me/other/'] } }, true],
    ['disabled for a parent without subdirectories', { ext: { overrides: ['!/home/me/'] } }, true],
    ['disabled for a parent with subdirectories', { ext: { overrides: ['!/home/me/*'] } }, false],
    ['the last matching rule wins', { ext: { overrides: ['!/home/*', '/home/me/ws/'] } }, true],
    ['a later broader rule wins too', { ext: { overrides: ['/home/me/ws/', '!/home/*'] } }, false],
    ['another extension entry does not matter', { other: { overrides: ['!/*'] } }, true],
  ])('%s', (_name, enablement, expected) => {
    expect(isEnabled(enablement, 'ext', '/home/me/ws')).toBe(expected);
  });
});
