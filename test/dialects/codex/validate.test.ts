// `validate --dialect codex` through the real CLI: what Codex drops with only a log line, and its traps
// (another agent's event name, a timeout in milliseconds, a matcher its regex crate rejects), each at
// file:line:column with a fix; never runs a hook, works in an untrusted folder.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

async function validate(files: Record<string, string>, args: string[] = []) {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  for (const [relative, content] of Object.entries(files)) await sb.write(relative, content.replaceAll('@ROOT@', sb.root));
  const r = await hookrun(['validate', '--dialect', 'codex', '--json', ...args, '-C', sb.ws], { env: sb.env });
  return { ...r, sb, report: r.stdout ? JSON.parse(r.stdout) : undefined };
}

const json = (hooks: unknown) => JSON.stringify({ hooks }, null, 2);

describe.concurrent('validate --dialect codex', () => {
  test('traps: a Gemini/Claude-only event, a ms-looking timeout, an invalid and a Rust-only-invalid matcher; nothing runs', async () => {
    const { exitCode, report, sb } = await validate({
      'ws/.codex/hooks.json': json({
        BeforeTool: [{ hooks: [{ type: 'command', command: 'touch @ROOT@/fired' }] }],
        Notification: [{ hooks: [{ type: 'command', command: 'true' }] }],
        PreToolUse: [
          { matcher: 'Bash(', hooks: [{ type: 'command', command: 'true' }] },
          { matcher: '^(?!Bash)', hooks: [{ type: 'command', command: 'true' }] },
          { matcher: 'Bash', hooks: [{ type: 'command', command: 'true', timeout: 5000 }] },
        ],
        UserPromptSubmit: [{ matcher: 'Bash(', hooks: [{ type: 'command', command: 'true' }] }],
      }),
    });
    expect(exitCode).toBe(1);
    const byCode = (code: string) => report.findings.filter((f: { code: string }) => f.code === code);
    const [before, notification] = byCode('codex-unknown-event');
    expect(before).toMatchObject({ severity: 'error', location: { line: 3, column: 5 }, fix: 'rename it to "PreToolUse"' });
    expect(notification.message).toContain('another agent');
    const matchers = byCode('codex-invalid-matcher');
    // UserPromptSubmit ignores matchers, so Codex never validates its matcher.
    expect(matchers).toHaveLength(2);
    expect(matchers[1].message).toContain('look-around');
    expect(matchers[0].location.line).toBeGreaterThan(0);
    expect(byCode('codex-timeout-looks-like-ms')[0]).toMatchObject({ severity: 'warning', fix: 'if you meant 5000 ms, write "timeout": 5' });
    expect(byCode('codex-matcher-ignored')).toHaveLength(1);
    expect(existsSync(path.join(sb.root, 'fired'))).toBe(false);
  });

  test('a hooks.json that does not parse, and one that does not deserialize, are errors at file:line:column', async () => {
    const { report } = await validate({
      'home/.codex/hooks.json': '{"hooks": {"Stop": [}\n',
      'ws/.codex/hooks.json': json({ Stop: [{ hooks: [{ type: 'command', command: 'true', timeout: 1.5 }] }] }),
    });
    const dropped = report.findings.filter((f: { code: string }) => f.code === 'codex-source-dropped');
    expect(dropped).toHaveLength(2);
    expect(dropped[0].location).toMatchObject({ line: 1 });
    expect(dropped[1].message).toContain('timeout must be a whole number of seconds');
    expect(dropped[1].location.line).toBe(9);
  });

  test('a hooks.json with a top-level key besides "description" and "hooks" is an error at that key (Codex drops the file)', async () => {
    const { exitCode, report } = await validate({ 'ws/.codex/hooks.json': '{"description": "x", "version": 2, "hooks": {}}\n' });
    expect(exitCode).toBe(1);
    expect(report.findings).toEqual([
      expect.objectContaining({
        code: 'codex-source-dropped',
        message: expect.stringContaining('unknown top-level field "version"'),
        location: expect.objectContaining({ line: 1, column: 22 }),
      }),
    ]);
  });

  test('each hook codex exec would skip for want of a /hooks review is a warning at the hook; a trusted_hash or enabled = false in the user config.toml clears it', async () => {
    const stop = (n: number) => ({ type: 'command', command: `echo ${n}` });
    const { exitCode, report, sb } = await validate({ 'home/.codex/hooks.json': json({ Stop: [{ hooks: [stop(0), stop(1), stop(2)] }] }) }, ['--strict']);
    expect(exitCode).toBe(1);
    const file = path.join(sb.home, '.codex', 'hooks.json');
    const unreviewed = report.findings.filter((f: { code: string }) => f.code === 'codex-hook-unreviewed');
    expect(unreviewed).toHaveLength(3);
    expect(unreviewed[1]).toMatchObject({ severity: 'warning', location: { file, line: 10 } });
    expect(unreviewed[1].message).toBe(
      `this Stop hook was never reviewed in Codex's /hooks (no trusted_hash under [hooks.state."${file}:stop:0:1"]): codex exec skips it without a word`,
    );
    await sb.write('home/.codex/config.toml', `[hooks.state."${file}:stop:0:0"]\ntrusted_hash = "sha256:00"\n[hooks.state."${file}:stop:0:2"]\nenabled = false\n`);
    const again = await hookrun(['validate', '--dialect', 'codex', '--json', '-C', sb.ws], { env: sb.env });
    const left = JSON.parse(again.stdout).findings.filter((f: { code: string }) => f.code === 'codex-hook-unreviewed');
    expect(left.map((f: { message: string }) => f.message)).toEqual([expect.stringContaining(':stop:0:1"]')]);
  }, 120_000);

  test('config.toml: a syntax error names file:line:column; [hooks] findings point at the TOML lines', async () => {
    const broken = await validate({ 'home/.codex/config.toml': 'a = 1\nb = = 2\n' });
    expect(broken.exitCode).toBe(1);
    expect(broken.report.findings[0]).toMatchObject({ code: 'codex-config-toml-invalid', location: { line: 2 } });
    const toml = await validate({
      'ws/.codex/config.toml': 'model = "o3"\n\n[[hooks.PreToolUse]]\nmatcher = "Bash("\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "true"\n',
    });
    expect(toml.report.findings[0]).toMatchObject({ code: 'codex-invalid-matcher', location: { line: 4, column: 1 } });
  });

  test('--ignore takes the codex codes and refuses others; a clean setup exits 0', async () => {
    const clean = await validate({ 'ws/.codex/hooks.json': json({ Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] }) });
    expect(clean.exitCode, clean.stdout).toBe(0);
    const ignored = await validate({ 'ws/.codex/hooks.json': json({ BeforeTool: [] }) }, ['--ignore', 'codex-unknown-event']);
    expect(ignored.exitCode).toBe(0);
    const bad = await validate({}, ['--ignore', 'invalid-event-name']);
    expect(bad.exitCode).toBe(2);
  });
});
