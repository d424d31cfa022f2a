// `hookrun validate --dialect claude`: what Claude Code skips silently, found statically with its position.
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

async function validate(settings: string, args: string[] = [], home: Record<string, string> = {}) {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  await sb.write(path.join(sb.ws, '.claude/settings.json'), settings);
  for (const [file, text] of Object.entries(home)) await sb.write(path.join(sb.home, file), text);
  const result = await hookrun(['validate', '--dialect', 'claude', '--cwd', sb.ws, ...args], { env: sb.env });
  return { ...result, sb };
}

const traps = JSON.stringify(
  {
    hooks: {
      Stop: [{ matcher: 'x', hooks: [{ type: 'command', command: 'true', if: 'Bash(*)', timeout: 30000 }] }],
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            { type: 'command', command: 'true', if: 'Edit(*.ts)' },
            { type: 'command', command: 'true', if: 'Bash(git *) && Bash(npm *)' },
            { type: 'Command', command: 'x' },
            { type: 'prompt', prompt: 'p' },
          ],
        },
      ],
      preToolUse: [],
      Notification: [{ hooks: [{ type: 'agent', prompt: 'x' }] }],
    },
  },
  null,
  2,
);

describe.concurrent('validate --dialect claude', () => {
  test('every silent skip is a finding with file:line:column; errors exit 1', async () => {
    const r = await validate(traps, ['--claude-version', 'current', '--json']);
    expect(r.exitCode, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as { findings: { code: string; severity: string; location?: { file: string; line: number } }[] };
    const codes = report.findings.map((f) => `${f.severity}:${f.code}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        'warning:matcher-ignored',
        'warning:timeout-looks-like-ms',
        'error:if-never-runs',
        'error:if-never-matches',
        'error:invalid-hook-type',
        'info:unsupported-hook-type',
        'error:invalid-event-name',
        'error:hook-type-unsupported-on-event',
      ]),
    );
    expect(codes.filter((c) => c === 'error:if-never-matches')).toHaveLength(2);
    const settings = path.join(r.sb.ws, '.claude/settings.json');
    for (const finding of report.findings) expect(finding.location?.file).toBe(settings);
    const lines = report.findings.map((f) => f.location!.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  test('text output names the position; --ignore drops codes; an unknown code is a usage error (exit 2)', async () => {
    const r = await validate(traps, ['--claude-version', 'current', '--ignore', 'if-never-runs']);
    expect(r.stdout).toMatch(/\.claude\/settings\.json:\d+:\d+: error: .*did you mean "PreToolUse"/);
    expect(r.stdout).not.toContain('[if-never-runs]');
    const bad = await validate(traps, ['--ignore', 'timeout-in-seconds']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/unknown finding code/);
  });

  test('an event newer than the version, and the whole-file rule before 2.1.101', async () => {
    const r = await validate(JSON.stringify({ hooks: { DirectoryAdded: [{ hooks: [{ type: 'command', command: 'true' }] }] } }), ['--claude-version', '2.1.100']);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(/has no hook event "DirectoryAdded" \(added in 2\.1\.219\)/);
    expect(r.stdout).toMatch(/ignores every hook in .* \[settings-file-ignored\]/);
  });

  test('a clean file exits 0; a file that does not parse is an error at its position', async () => {
    const clean = await validate(JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true', timeout: 5 }] }] } }), [
      '--claude-version',
      'current',
    ]);
    expect(clean.exitCode, clean.stdout).toBe(0);
    const broken = await validate('{\n  "hooks": {,}\n}\n');
    expect(broken.exitCode).toBe(1);
    expect(broken.stdout).toMatch(/settings\.json:2:\d+: error: .*skips this file whole.*\[settings-file-dropped\]/);
  });

  test('onFailure: a value that is not continue/block, block where Claude Code ignores it, and a version before the field', async () => {
    const settings = JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: 'a', onFailure: 'stop' },
              { type: 'command', command: 'b', onFailure: 'block', async: true },
            ],
          },
        ],
        Stop: [{ hooks: [{ type: 'command', command: 'c', onFailure: 'block' }] }],
      },
    });
    const current = await validate(settings, ['--claude-version', 'current']);
    expect(current.exitCode).toBe(1);
    expect(current.stdout).toMatch(/onFailure must be "continue" or "block", got "stop".*\[invalid-on-failure\]/);
    expect(current.stdout).toMatch(/ignores it on an async hook.*\[on-failure-ignored\]/);
    expect(current.stdout).toMatch(/ignores it on Stop.*\[on-failure-ignored\]/);
    const older = await validate(JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'a', onFailure: 'block' }] }] } }), ['--claude-version', '2.1.240']);
    expect(older.stdout).toMatch(/onFailure is not known to Claude Code 2\.1\.240 \(first seen in 2\.1\.328\).*\[field-needs-current\]/);
  });

  test('plugin hooks files are checked too', async () => {
    const r = await validate('{}', ['--claude-version', 'current', '--json'], {
      '.claude/skills/p/.claude-plugin/plugin.json': '{"name":"p"}',
      '.claude/skills/p/hooks/hooks.json': JSON.stringify({ hooks: { NoSuchEvent: [] } }),
    });
    const report = JSON.parse(r.stdout) as { findings: { code: string; location?: { file: string } }[] };
    expect(report.findings).toEqual([
      expect.objectContaining({ code: 'invalid-event-name', location: expect.objectContaining({ file: path.join(r.sb.home, '.claude/skills/p/hooks/hooks.json') }) }),
    ]);
  });

  test('SARIF rules are the Claude codes', async () => {
    const r = await validate(traps, ['--claude-version', 'current', '--format', 'sarif']);
    const sarif = JSON.parse(r.stdout) as { runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; ruleIndex?: number }[] }[] };
    const ids = sarif.runs[0]!.tool.driver.rules.map((rule) => rule.id);
    expect(ids).toContain('if-never-matches');
    for (const result of sarif.runs[0]!.results) expect(ids[result.ruleIndex!]).toBe(result.ruleId);
  });
});
