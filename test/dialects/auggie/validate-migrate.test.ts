// `validate --dialect auggie` reports Auggie's traps, and `migrate --to auggie` writes each command as
// `bash -c` (Auggie has no shell) with the timeout in milliseconds (real CLI, real temp folders).
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { hookrun } from '../../helpers/cli.js';

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

async function workspace(file: string, content: unknown) {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-auggie-v-')));
  roots.push(root);
  await mkdir(path.dirname(path.join(root, 'ws', file)), { recursive: true });
  await writeFile(path.join(root, 'ws', file), JSON.stringify(content));
  await mkdir(path.join(root, 'home'), { recursive: true });
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: path.join(root, 'home'), LANG: 'C.UTF-8', NO_COLOR: '1' };
  return (args: string[]) => hookrun([...args, '--cwd', path.join(root, 'ws')], { env });
}

test('validate: a timeout in seconds, shell syntax without a shell, a Claude tool name', async () => {
  const run = await workspace('.augment/settings.json', { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh | tee log', timeout: 30 }] }] } });
  const result = await run(['validate', '--dialect', 'auggie', '--json']);
  const findings = (JSON.parse(result.stdout) as { findings: { code: string; fix?: string }[] }).findings;
  expect(findings.map((f) => f.code)).toEqual(['auggie-timeout-seconds', 'auggie-shell-syntax', 'auggie-claude-tool-name']);
  expect(findings[0]!.fix).toBe('"timeout": 30000');
});

test('migrate --from claude --to auggie: bash -c, launch-process, milliseconds', async () => {
  const run = await workspace('.claude/settings.json', { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 30 }] }] } });
  const result = await run(['migrate', '--from', 'claude', '--to', 'auggie']);
  expect(result.exitCode, result.stderr).toBe(0);
  expect(JSON.parse(result.stdout)).toEqual({
    hooks: { PreToolUse: [{ matcher: '^launch-process$', hooks: [{ type: 'command', command: 'bash', args: ['-c', './guard.sh'], timeout: 30000 }] }] },
  });
});
