// `validate --dialect droid` reports Droid's traps, and `migrate --to droid` writes .factory/hooks.json
// with the events at its top level, Droid's tool names and seconds (real CLI, real temp folders).
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { hookrun } from '../../helpers/cli.js';

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

async function workspace(files: Record<string, unknown>) {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-droid-v-')));
  roots.push(root);
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, 'ws', name)), { recursive: true });
    await writeFile(path.join(root, 'ws', name), JSON.stringify(content));
  }
  await mkdir(path.join(root, 'home'), { recursive: true });
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: path.join(root, 'home'), LANG: 'C.UTF-8', NO_COLOR: '1' };
  return (args: string[]) => hookrun([...args, '--cwd', path.join(root, 'ws')], { env });
}

test('validate: an allow before a deny, a Claude tool name, a timeout in ms, a "hooks" wrapper', async () => {
  const allow = `echo '{"hookSpecificOutput":{"permissionDecision":"allow"}}'`;
  const deny = `echo '{"hookSpecificOutput":{"permissionDecision":"deny"}}'`;
  const run = await workspace({
    '.factory/hooks.json': {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            { type: 'command', command: allow },
            { type: 'command', command: deny, timeout: 5000 },
          ],
        },
      ],
      hooks: {},
    },
  });
  const result = await run(['validate', '--dialect', 'droid', '--json']);
  const codes = (JSON.parse(result.stdout) as { findings: { code: string }[] }).findings.map((f) => f.code);
  expect(codes).toEqual(expect.arrayContaining(['droid-first-decision-wins', 'droid-claude-tool-name', 'droid-timeout-ms', 'invalid-event-name']));
});

test("migrate --from claude --to droid: top-level events, Droid's shell tool, seconds", async () => {
  const run = await workspace({ '.claude/settings.json': { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 30 }] }] } } });
  const result = await run(['migrate', '--from', 'claude', '--to', 'droid']);
  expect(result.exitCode, result.stderr).toBe(0);
  expect(JSON.parse(result.stdout)).toEqual({ PreToolUse: [{ matcher: '^Execute$', hooks: [{ type: 'command', command: './guard.sh', timeout: 30 }] }] });
});
