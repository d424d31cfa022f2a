// The globset-compatible compiler behind Kiro matchers: one row per syntax rule of Rust globset's
// default options (anchored, case-sensitive, `*`/`?` cross `/`, classes, alternates, escapes).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compileGlob, globMatches } from '../../../src/dialects/kiro/glob.js';

describe('globset syntax', () => {
  test.each([
    // [glob, name, matches]
    ['fs_*', 'fs_read', true],
    ['fs_*', 'fs_', true],
    ['fs_*', 'xfs_read', false],
    ['fs_?ead', 'fs_read', true],
    ['fs_?ead', 'fs_rread', false],
    ['*write*', 'fs_write', true],
    ['FS_*', 'fs_read', false],
    ['@mcp-server/*', '@mcp-server/tool1', true],
    ['@mcp-server/*', '@other-server/tool1', false],
    ['@git*', '@git/status', true],
    ['@git*', '@github/x', true],
    ['*', '@a/b/c', true],
    ['?', '/', true],
    ['a?c', 'a/c', true],
    ['@s/**', '@s/a/b', true],
    ['@s/**', '@s', false],
    ['**', 'anything/at/all', true],
    ['**/x', 'x', true],
    ['**/x', 'a/b/x', true],
    ['a/**/b', 'a/b', true],
    ['a/**/b', 'a/x/y/b', true],
    ['a**', 'abc', true],
    ['fs_[rw]*', 'fs_read', true],
    ['fs_[rw]*', 'fs_xread', false],
    ['fs_[!w]*', 'fs_read', true],
    ['fs_[^r]*', 'fs_read', false],
    ['[a-c]*', 'b_tool', true],
    ['[]x]*', ']', true],
    ['[-x]*', '-y', true],
    ['[a-]*', '-', true],
    ['{fs,use}_*', 'use_aws', true],
    ['{fs,use}_*', 'execute_bash', false],
    ['{,fs}_*', '_x', false],
    ['{a,{b,c}}*', 'cx', true],
    ['\\**', '*x', true],
    ['\\**', 'x', false],
    ['x.*', 'x.y', true],
    ['x.*', 'xy', false],
    ['a,b*', 'a,bc', true],
    ['é?', 'éa', true],
    ['?', 'é', false],
    ['??', 'é', true],
  ] as const)('%j vs %j → %s', (glob, name, matches) => {
    expect(globMatches(glob, name)).toBe(matches);
  });

  test.each([
    ['fs_[rw', 'unclosed "["'],
    ['{a,b*', 'unclosed "{"'],
    ['a}*', '"}" without a matching "{"'],
    ['[z-a]*', 'invalid range z-a'],
    ['x*\\', 'dangling "\\" at the end'],
  ])('%j is invalid: %s', (glob, error) => {
    expect(compileGlob(glob)).toEqual({ ok: false, error });
    expect(globMatches(glob, glob)).toBe(false);
  });
});

describe('properties', () => {
  const name = fc.stringMatching(/^[a-z_@/]{0,12}$/);

  test('a name without glob metacharacters, followed by *, matches every extension of it', () => {
    fc.assert(fc.property(name, name, (prefix, rest) => globMatches(`${prefix}*`, prefix + rest)));
  });

  test('a pattern of only ? marks matches exactly the names of that many bytes', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 8 }), name, (n, subject) => globMatches('?'.repeat(n), subject) === (Buffer.byteLength(subject) === n)));
  });

  test('escaping every character makes any string match itself and nothing longer', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), (text) => {
        const escaped = `${Array.from(text, (c) => `\\${c}`).join('')}*`;
        return globMatches(escaped, text) && globMatches(escaped, `${text}x`) && (text === '' || !globMatches(escaped, text.slice(1)));
      }),
    );
  });
});
