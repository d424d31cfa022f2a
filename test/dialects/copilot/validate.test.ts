// `hookrun validate --dialect copilot` through the real CLI: Copilot's silent drops as errors and the
// cross-agent traps as warnings, each at file:line:column with a fix; trust does not matter; exit codes.
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

interface Finding {
  code: string;
  severity: string;
  message: string;
  location?: { file: string; line: number; column: number };
  fix?: string;
}

async function validate(files: Record<string, string>, args: string[] = []) {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  sb.env.HOOKRUN_COPILOT_POLICY_DIR = path.join(sb.root, 'policy.d');
  for (const [relative, content] of Object.entries(files)) await sb.write(relative, content, relative.startsWith('policy.d/') ? 0o644 : undefined);
  const r = await hookrun(['validate', '--dialect', 'copilot', '--json', ...args, '-C', sb.ws], { env: sb.env });
  const json = JSON.parse(r.stdout) as { findings: Finding[] };
  return { exitCode: r.exitCode, findings: json.findings, sb, at: (code: string) => json.findings.find((f) => f.code === code) };
}

const hookFile = (hooks: string) => `{\n  "version": 1,\n  "hooks": {\n${hooks}\n  }\n}\n`;

describe.concurrent('validate --dialect copilot', () => {
  test('a clean file: exit 0, no findings', async () => {
    const r = await validate({ 'ws/.github/hooks/ok.json': hookFile('    "preToolUse": [{"type": "command", "bash": "./guard.sh", "matcher": "bash|edit", "timeoutSec": 10}]') });
    expect(r.findings).toEqual([]);
    expect(r.exitCode).toBe(0);
  });

  test("another agent's event name: a warning at the key with Copilot's name for it", async () => {
    const r = await validate({ 'ws/.github/hooks/h.json': hookFile('    "BeforeTool": [{"bash": "true"}],\n    "beforeShellExecution": [{"bash": "true"}]') });
    const gemini = r.findings.find((f) => f.message.includes('"BeforeTool"'))!;
    expect(gemini).toMatchObject({ code: 'copilot-unknown-event', severity: 'warning', location: { line: 4, column: 5 } });
    expect(gemini.fix).toContain('Gemini CLI event; Copilot\'s event at that moment is "preToolUse"');
    expect(r.findings.find((f) => f.message.includes('beforeShellExecution'))!.fix).toContain('Cursor');
    expect(r.exitCode).toBe(0);
  });

  test('a timeout in milliseconds, a matcher Copilot ignores, an unknown key: warnings with fixes; --strict exits 1', async () => {
    const files = { 'ws/.github/hooks/h.json': hookFile('    "agentStop": [{"bash": "true", "matcher": "x", "timeout": 5000, "windows": "x"}]') };
    const r = await validate(files);
    expect(r.at('copilot-timeout-ms')).toMatchObject({ severity: 'warning', location: { line: 4, column: 63 }, fix: 'write "timeoutSec": 5 for 5000 ms' });
    expect(r.at('copilot-matcher-ignored')).toMatchObject({ severity: 'warning', location: { line: 4, column: 36 } });
    expect(r.at('copilot-matcher-ignored')!.message).toContain('runs on every agentStop');
    expect(r.at('copilot-unknown-key')!.message).toContain('"windows"');
    expect(r.exitCode).toBe(0);
    expect((await validate(files, ['--strict'])).exitCode).toBe(1);
  });

  test('what Copilot drops is an error: an entry, a whole file, inline settings hooks; "*" is not a regex', async () => {
    const r = await validate({
      'ws/.github/hooks/a.json': hookFile('    "preToolUse": [{"matcher": "bash", "hooks": [{"hooks": [{"command": "x"}]}]}, {"bash": "true", "matcher": "*"}]'),
      'ws/.github/hooks/b.json': '{"version": 1, "hooks": {"preToolUse": {"bash": "true"}}}',
      'ws/.github/copilot/settings.json': '{"hooks": {"preToolUse": [{"bash": "true"}, {"type": "shell", "bash": "x"}]}}',
    });
    expect(r.exitCode).toBe(1);
    const item = r.findings.find((f) => f.code === 'copilot-item-dropped' && f.location?.file.endsWith('a.json'))!;
    expect(item).toMatchObject({ severity: 'error', location: { line: 4, column: 50 } });
    expect(item.message).toContain('nested hooks deeper than one level');
    expect(item.fix).toContain('one level of grouping at most');
    expect(r.findings.find((f) => f.code === 'copilot-invalid-matcher')).toMatchObject({ severity: 'error', fix: expect.stringContaining('".*"') });
    const dropped = r.findings.filter((f) => f.code === 'copilot-file-dropped');
    expect(dropped.map((f) => path.basename(f.location!.file)).sort()).toEqual(['b.json', 'settings.json']);
    expect(dropped.find((f) => f.location!.file.endsWith('settings.json'))!.message).toContain('rejects inline settings hooks whole');
  });

  test('an empty matcher, "exec" beside "bash", a powershell-only entry and disableAllHooks in the user settings: what Copilot 1.0.102 does with them', async () => {
    const r = await validate({
      'ws/.github/hooks/h.json': hookFile('    "preToolUse": [{"bash": "true", "matcher": ""}, {"exec": "/bin/true", "bash": "true"}, {"powershell": "exit 0"}]'),
      'ws/.claude/settings.json': '{"hooks": {"PreToolUse": [{"matcher": "", "hooks": [{"type": "command", "command": "true"}]}]}}',
      'home/.copilot/settings.json': '{"disableAllHooks": true}',
    });
    expect(r.exitCode).toBe(1);
    const dropped = r.findings.filter((f) => f.code === 'copilot-item-dropped').map((f) => [path.basename(f.location!.file), f.message]);
    expect(dropped).toEqual([
      ['h.json', expect.stringContaining('hooks.preToolUse[0]: its matcher is empty')],
      ['h.json', expect.stringContaining('hooks.preToolUse[1]: it has both "exec" and a shell command')],
      ['settings.json', expect.stringContaining('hooks.PreToolUse[0].hooks[0]: its matcher is empty')],
    ]);
    expect(r.at('copilot-hook-errors')).toMatchObject({ severity: 'error', message: expect.stringContaining('denies every tool call it matches') });
    expect(r.at('copilot-disable-ignored')).toMatchObject({ severity: 'warning', location: { line: 1, column: 2 } });
  });

  test('checks the user and policy files too, whatever the trust; --ignore leaves codes out; an unknown code is exit 2', async () => {
    const files = {
      'home/.copilot/hooks/u.json': '{"version": 3, "hooks": {}}',
      'policy.d/p.json': hookFile('    "notification": [{"bash": "true", "timeoutSec": 2000}]'),
    };
    const r = await validate(files);
    expect(r.at('copilot-file-dropped')!.message).toContain('reads only version 1');
    expect(r.at('copilot-timeout-ms')!.location!.file).toContain('policy.d');
    const ignored = await validate(files, ['--ignore', 'copilot-timeout-ms']);
    expect(ignored.at('copilot-timeout-ms')).toBeUndefined();
    const sb = await makeSandbox();
    sandboxes.push(sb);
    const bad = await hookrun(['validate', '--dialect', 'copilot', '--ignore', 'no-such-code', '-C', sb.ws], { env: sb.env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('copilot-item-dropped');
  });
});
