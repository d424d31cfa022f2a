// The bound on regular expressions from settings files (src/pipeline/regex.ts): the cheap estimate decides which
// matches need the vm's timeout, and must send every runaway shape there while ordinary matchers run directly.
import { describe, expect, test } from 'vitest';
import { boundedTest, mayBacktrack } from '../../src/pipeline/regex.js';

const TOOL = 'run_shell_command';

describe('the estimate: which matches go through the vm', () => {
  test.each([
    ['an exponential group', '^(\\w|[a-z_]|.)*Z$', TOOL],
    ['a back-reference', '^(a+)\\1$', TOOL],
    ['thirty unbounded quantifiers in a row (polynomial of degree 30)', `${'.*'.repeat(30)}Z`, TOOL],
    ['the same, anchored', `^${'.*'.repeat(30)}Z$`, TOOL],
    ['twenty optional characters', `${'a?'.repeat(20)}${'a'.repeat(20)}`, 'a'.repeat(20)],
    ['twenty two-way groups in sequence (no quantifier at all)', `${'(?:a|a)'.repeat(20)}b`, 'a'.repeat(25)],
    ['a wide bounded repetition counts as unbounded', `${'[a-z]{0,1000}'.repeat(8)}Z`, TOOL],
    ['one `.*` unanchored on a 10,000-character command (quadratic)', 'rm.*-rf', 'x'.repeat(10_000)],
  ])('%s', (_why, source, value) => {
    expect(mayBacktrack(new RegExp(source), value)).toBe(true);
  });

  test.each([
    ['a name list', 'write_file|replace', TOOL],
    ['an anchored list of ten tools', '^(read_file|write_file|replace|glob|grep_search|list_directory|web_fetch|run_shell_command|save_memory|google_web_search)$', TOOL],
    ['an MCP prefix', 'mcp__.*', 'mcp__server__some_long_tool_name'],
    ["Claude Code's `if` rule on a long command", '^git( .*)?$', `git ${'x'.repeat(10_000)}`],
    ['a path glob', '^/home/me/ws/(?:.*/)?[^/]*\\.env$', `/home/me/ws/${'dir/'.repeat(40)}x.env`],
    ['escapes and classes are not quantifiers', '\\*\\+\\?[*+?{}|]', TOOL],
  ])('%s runs directly', (_why, source, value) => {
    expect(mayBacktrack(new RegExp(source), value)).toBe(false);
  });
});

describe('boundedTest', () => {
  test('a polynomial runaway on an ordinary tool name is stopped (undefined), not waited for', () => {
    expect(boundedTest(new RegExp(`${'.*'.repeat(30)}Z`), TOOL, 100)).toBeUndefined();
  });

  test('the answers are RegExp.test, through the vm or not', () => {
    expect(boundedTest(new RegExp(`${'.*'.repeat(30)}d$`), TOOL)).toBe(true);
    expect(boundedTest(/^(run|read)_\w+$/, TOOL)).toBe(true);
    expect(boundedTest(/write_file|replace/, TOOL)).toBe(false);
  });
});
