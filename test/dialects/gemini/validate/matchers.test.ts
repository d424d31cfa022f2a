// Matcher findings per event kind, table-driven: the matcher as written → the codes validate reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateGemini } from '../../../../src/dialects/gemini/validate/validate.js';
import { makeSandbox, type Sandbox } from '../sandbox.js';

let s: Sandbox;
beforeAll(async () => {
  s = await makeSandbox();
});
afterAll(async () => {
  await s.cleanup();
});

const MATCHER_CODES = /^matcher-/;

async function matcherFindings(event: string, matcher: unknown) {
  await s.writeJson(s.workspaceSettings, { hooks: { [event]: [{ matcher, hooks: [{ type: 'command', command: 'echo x' }] }] } });
  const result = validateGemini(s.ctx({ env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' } }));
  return result.findings.filter((finding) => MATCHER_CODES.test(finding.code));
}

describe('tool matchers (BeforeTool, AfterTool): unanchored regex against the tool name', () => {
  it.each([
    ['read_file', []],
    ['write_file|replace', []],
    ['^(run_shell_command|write_file)$', []],
    ['.*', []],
    ['*', []],
    ['', []],
    ['  ', []],
    ['_file$', []],
    ['mcp_github_.*', []],
    ['^mcp_', []],
    ['mcp_fs_read_file', []],
    ['discovered_tool_lint', []],
    ['Bash', ['matcher-unknown-tool']],
    ['Read|Write', ['matcher-unknown-tool', 'matcher-unknown-tool']],
    ['Bash|run_shell_command', ['matcher-unknown-tool']],
    ['^Bash$', ['matcher-unknown-tool']],
    ['^read$', ['matcher-unknown-tool']],
    ['(Edit|Write)', ['matcher-unknown-tool']],
    ['search_file_content', ['matcher-unknown-tool']],
    ['fs_write', ['matcher-unknown-tool']],
    ['grep', ['matcher-unanchored']],
    ['read', ['matcher-unanchored']],
    ['file', ['matcher-unanchored']],
    ['shell|read_file', ['matcher-unanchored']],
    ['Edit(', ['matcher-invalid-regex']],
    ['[', ['matcher-invalid-regex']],
  ])('%j → %j', async (matcher, codes) => {
    expect((await matcherFindings('BeforeTool', matcher)).map((f) => f.code)).toEqual(codes);
  });

  it.each([
    ['Bash', 'run_shell_command'],
    ['Edit', 'replace'],
    ['Grep', 'grep_search'],
    ['preToolUse', undefined],
    ['search_file_content', 'grep_search'],
    ['read_fil', 'read_file'],
    ['grep', 'grep_search'],
    ['shell', 'run_shell_command'],
  ])('suggests a Gemini tool for %j', async (matcher, tool) => {
    const [finding] = await matcherFindings('AfterTool', matcher);
    if (tool === undefined) expect(finding?.fix).not.toMatch(/"[a-z_]+"/);
    else expect(finding?.fix).toContain(`"${tool}"`);
  });

  it('points at the matcher value', async () => {
    const [finding] = await matcherFindings('BeforeTool', 'Bash');
    expect(finding?.location).toMatchObject({ file: s.workspaceSettings, line: 5, column: 20, path: ['hooks', 'BeforeTool', 0, 'matcher'] });
  });

  it('a non-string matcher fails the whole event', async () => {
    expect((await matcherFindings('BeforeTool', 7)).map((f) => f.code)).toEqual(['matcher-not-string']);
    expect((await matcherFindings('SessionStart', ['startup'])).map((f) => f.code)).toEqual(['matcher-not-string']);
  });

  it.each([false, 0, null])('a falsy matcher %j matches everything, as in Gemini CLI', async (matcher) => {
    expect(await matcherFindings('BeforeTool', matcher)).toEqual([]);
  });
});

describe('lifecycle matchers (SessionStart, SessionEnd, PreCompress): exact strings', () => {
  it.each([
    ['SessionStart', 'startup', []],
    ['SessionStart', ' resume ', []],
    ['SessionStart', 'clear', []],
    ['SessionStart', '*', []],
    ['SessionStart', 'startup|resume', ['matcher-regex-on-exact-event']],
    ['SessionStart', 'start.*', ['matcher-regex-on-exact-event']],
    ['SessionStart', 'Startup', ['matcher-unknown-trigger']],
    ['SessionStart', 'compact', ['matcher-unknown-trigger']],
    ['SessionStart', 'startup,resume', ['matcher-unknown-trigger']],
    ['SessionEnd', 'exit', []],
    ['SessionEnd', 'clear', []],
    ['SessionEnd', 'logout', ['matcher-unknown-trigger']],
    ['SessionEnd', 'exit|clear', ['matcher-regex-on-exact-event']],
    ['PreCompress', 'auto', []],
    ['PreCompress', 'manual', []],
    ['PreCompress', 'Auto', ['matcher-unknown-trigger']],
  ])('%s %j → %j', async (event, matcher, codes) => {
    expect((await matcherFindings(event, matcher)).map((f) => f.code)).toEqual(codes);
  });

  it('suggests one definition per value for an alternation', async () => {
    const [finding] = await matcherFindings('SessionStart', 'startup|resume');
    expect(finding?.fix).toContain('"startup", "resume"');
  });
});

describe('events that ignore matchers', () => {
  it.each([
    ['BeforeAgent', 'x', ['matcher-ignored']],
    ['AfterAgent', 'anything', ['matcher-ignored']],
    ['BeforeModel', 'gemini-2.5-pro', ['matcher-ignored']],
    ['AfterModel', '*', []],
    ['BeforeToolSelection', '', []],
    ['Notification', 'ToolPermission', []],
    ['Notification', 'permission_prompt', ['matcher-ignored']],
    ['BeforeAgent', 7, ['matcher-ignored']],
  ])('%s %j → %j', async (event, matcher, codes) => {
    expect((await matcherFindings(event, matcher)).map((f) => f.code)).toEqual(codes);
  });
});
