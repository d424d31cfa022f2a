import { describe, expect, it } from 'vitest';
import { expandEnvInObject, expandEnvInString } from '../../../../src/dialects/gemini/settings/expand.js';

const env = { HOME: '/home/me', EMPTY: '', HOME_x: 'greedy', GEMINI_PROJECT_DIR: '/already/set', A1: 'one' };

describe('expandEnvInString', () => {
  it.each([
    ['$NAME', '$HOME/bin', '/home/me/bin'],
    ['${NAME}', '${HOME}/bin', '/home/me/bin'],
    ['$NAME takes the longest word run', '$HOME_x', 'greedy'],
    ['$NAME stops at a non-word character', '$HOME-x', '/home/me-x'],
    ['$NAME with digits', '$A1', 'one'],
    ['unset $NAME is left verbatim', '$NOPE/x', '$NOPE/x'],
    ['unset ${NAME} is left verbatim', '${NOPE}/x', '${NOPE}/x'],
    ['default used when unset', '${NOPE:-fallback}', 'fallback'],
    ['default ignored when set', '${HOME:-fallback}', '/home/me'],
    ['set but empty beats the default', '${EMPTY:-fallback}', ''],
    ['empty default', '${NOPE:-}', ''],
    ['default may hold colons and dashes', '${NOPE:-http://h:8080/a-b}', 'http://h:8080/a-b'],
    ['only ":-" introduces a default', '${NOPE:x}', '${NOPE:x}'],
    ['a lone dollar stays', 'cost $ 5 and $', 'cost $ 5 and $'],
    ['several variables in one string', '$HOME:${A1}:$NOPE', '/home/me:one:$NOPE'],
    ['hook variables are replaced at load time when the environment defines them', '$GEMINI_PROJECT_DIR/h.sh', '/already/set/h.sh'],
    ['hook variables stay for the runner when unset', '$GEMINI_CWD/h.sh', '$GEMINI_CWD/h.sh'],
  ])('%s', (_name, input, expected) => {
    expect(expandEnvInString(input, env)).toBe(expected);
  });

  it('does not read inherited properties of the environment object', () => {
    expect(expandEnvInString('$constructor ${toString}', {})).toBe('$constructor ${toString}');
  });
});

describe('expandEnvInObject', () => {
  it('expands every string at any depth and keeps other values', () => {
    const input = { a: '$HOME', b: [1, true, null, '${A1}'], c: { d: { e: '${NOPE:-x}' } }, n: 5 };
    expect(expandEnvInObject(input, env)).toEqual({ a: '/home/me', b: [1, true, null, 'one'], c: { d: { e: 'x' } }, n: 5 });
  });

  it('returns a copy', () => {
    const input = { a: '$HOME' };
    expandEnvInObject(input, env);
    expect(input.a).toBe('$HOME');
  });

  it('copies only what changes, and never modifies the input', () => {
    const input = { a: { b: '$HOME' }, c: { d: 'plain' }, e: ['x', '$A1'], f: ['y'] };
    const output = expandEnvInObject(input, env);
    expect(output).toEqual({ a: { b: '/home/me' }, c: { d: 'plain' }, e: ['x', 'one'], f: ['y'] });
    expect(input).toEqual({ a: { b: '$HOME' }, c: { d: 'plain' }, e: ['x', '$A1'], f: ['y'] });
    expect(output.c).toBe(input.c);
    expect(output.f).toBe(input.f);
    expect(expandEnvInObject(input.c, env)).toBe(input.c);
  });

  it('keeps a __proto__ key as plain data', () => {
    const input = JSON.parse('{"__proto__": {"polluted": "$HOME"}}') as object;
    const output = expandEnvInObject(input, env) as Record<string, unknown>;
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toEqual({ polluted: '/home/me' });
  });
});
