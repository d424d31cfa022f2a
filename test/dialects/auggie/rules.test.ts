// Augment Auggie's rules, each against real hook processes in real temp folders (docs/auggie.md): timeouts
// in milliseconds, commands started without a shell (`args`, `${VAR}`), an answer voided by a
// hookSpecificOutput without hookEventName, `mcp:` matchers, the file layering (system, user, workspace)
// and folder trust.
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { matchAuggie } from '../../../src/dialects/auggie/plan.js';
import { splitCommand } from '../../../src/dialects/auggie/run.js';
import { hookrun } from '../../helpers/cli.js';

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

type Hook = { command: string; args?: string[]; timeout?: number };

async function sandbox(files: { project?: Hook[]; local?: Hook[]; user?: Hook[]; system?: Hook[] }, matcher?: string) {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-auggie-')));
  roots.push(root);
  const ws = path.join(root, 'ws');
  const home = path.join(root, 'home');
  const system = path.join(root, 'etc', 'settings.json');
  const where = {
    project: path.join(ws, '.augment', 'settings.json'),
    local: path.join(ws, '.augment', 'settings.local.json'),
    user: path.join(home, '.augment', 'settings.json'),
    system,
  };
  await mkdir(ws, { recursive: true });
  await mkdir(home, { recursive: true });
  for (const [level, hooks] of Object.entries(files) as [keyof typeof where, Hook[]][]) {
    await mkdir(path.dirname(where[level]), { recursive: true });
    const group = { ...(matcher === undefined ? {} : { matcher }), hooks: hooks.map((h) => ({ type: 'command', ...h })) };
    await writeFile(where[level], JSON.stringify({ hooks: { PreToolUse: [group] } }));
  }
  return { root, ws, home, system };
}

const bash = (script: string, more: Partial<Hook> = {}): Hook => ({ command: 'bash', args: ['-c', script], ...more });

async function run(box: Awaited<ReturnType<typeof sandbox>>, options: { trust?: boolean; mcp?: boolean; env?: Record<string, string> } = {}) {
  const event = JSON.stringify({
    hook_event_name: 'PreToolUse',
    conversation_id: 'c-1',
    workspace_roots: [box.ws],
    tool_name: options.mcp ? 'github_list_issues' : 'launch-process',
    tool_input: { command: 'ls' },
    is_mcp_tool: options.mcp === true,
  });
  const args = ['run', ...(options.trust === false ? [] : ['--trust-workspace']), 'PreToolUse', '--dialect', 'auggie', '--event', event, '--cwd', box.ws, '--quiet'];
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: box.home, LANG: 'C.UTF-8', NO_COLOR: '1', HOOKRUN_AUGGIE_SYSTEM_SETTINGS: box.system, ...options.env };
  return hookrun(args, { env });
}

test('timeout is milliseconds: 300 kills a hook that sleeps 3 s, and the tool goes on', async () => {
  const box = await sandbox({ project: [bash('sleep 3; exit 2', { timeout: 300 })] });
  const result = await run(box);
  // Read as seconds, the hook would finish its sleep and block (exit 2).
  expect(result.exitCode, result.stderr).toBe(0);
});

describe('no shell', () => {
  test('a command without args is split on blanks: shell operators reach the program as arguments', async () => {
    const box = await sandbox({});
    const hooks = [{ command: `touch ${box.root}/one && touch ${box.root}/two` }];
    await mkdir(path.join(box.ws, '.augment'), { recursive: true });
    await writeFile(path.join(box.ws, '.augment', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ hooks: hooks.map((h) => ({ type: 'command', ...h })) }] } }));
    const result = await run(box);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(existsSync(path.join(box.root, 'one'))).toBe(true);
    expect(existsSync(path.join(box.root, 'two'))).toBe(true);
    // touch made a file named "&&" (and "touch") in the hook's cwd, the workspace: no shell read them.
    expect(existsSync(path.join(box.ws, '&&'))).toBe(true);
  });

  test('${VAR} in command and args comes from the environment before the program starts', async () => {
    const box = await sandbox({ project: [{ command: 'bash', args: ['-c', `printf '%s|%s|%s' '\${PROBE}' "$AUGMENT_TOOL_NAME" "$AUGMENT_PROJECT_DIR" > ${'${OUT}'}`] }] });
    const out = path.join(box.root, 'out.txt');
    const result = await run(box, { env: { PROBE: 'from-env', OUT: out } });
    expect(result.exitCode, result.stderr).toBe(0);
    // The single quotes would stop a shell's expansion: Auggie replaced ${PROBE} itself.
    expect(await readFile(out, 'utf8')).toBe(`from-env|launch-process|${box.ws}`);
  });

  test.each([
    ['a b  c', ['a', 'b', 'c']],
    [`node "my script.js" 'x y'`, ['node', 'my script.js', 'x y']],
    ['echo ""', ['echo', '']],
  ])('splitCommand(%j)', (command, words) => {
    expect(splitCommand(command)).toEqual(words);
  });
});

describe('answers', () => {
  const deny = (named: boolean) =>
    bash(`printf '%s' '{"hookSpecificOutput":{${named ? '"hookEventName":"PreToolUse",' : ''}"permissionDecision":"deny","permissionDecisionReason":"NO"}}'`);
  test('a deny with hookEventName blocks; the same deny without it is void, whole', async () => {
    expect((await run(await sandbox({ project: [deny(true)] }))).exitCode).toBe(2);
    expect((await run(await sandbox({ project: [deny(false)] }))).exitCode).toBe(0);
  });

  test('exit 2 blocks PreToolUse with its stderr; exit 1 does not block', async () => {
    const blocked = await run(await sandbox({ project: [bash('echo REASON >&2; exit 2')] }));
    expect(blocked.exitCode).toBe(2);
    expect(blocked.stdout).toContain('REASON');
    expect((await run(await sandbox({ project: [bash('exit 1')] }))).exitCode).toBe(0);
  });
});

describe('matchers', () => {
  test.each([
    [undefined, 'launch-process', false, true],
    ['.*', 'launch-process', false, true],
    ['launch', 'launch-process', false, true],
    ['Bash', 'launch-process', false, false],
    ['.*', 'github_list_issues', true, false],
    ['mcp:github', 'github_list_issues', true, true],
    ['mcp:.*', 'launch-process', false, false],
  ])('matcher %j, tool %s (mcp %s): %s', (matcher, tool, mcp, matches) => {
    expect(matchAuggie(matcher, tool, mcp).matches).toBe(matches);
  });

  test('an MCP tool call runs only the mcp: groups', async () => {
    const box = await sandbox({ project: [bash('exit 2')] }, 'mcp:github');
    expect((await run(box, { mcp: true })).exitCode).toBe(2);
    expect((await run(box)).exitCode).toBe(0);
  });
});

describe('files and trust', () => {
  test('system, user, local and project hooks all run when the folder is trusted', async () => {
    const touch = (name: string) => bash(`touch ${'$AUGMENT_PROJECT_DIR'}/../fired-${name}`);
    const box = await sandbox({ system: [touch('system')], user: [touch('user')], local: [touch('local')], project: [touch('project')] });
    expect((await run(box)).exitCode).toBe(0);
    for (const name of ['system', 'user', 'local', 'project']) expect(existsSync(path.join(box.root, `fired-${name}`)), name).toBe(true);
  });

  test("an untrusted folder's .augment hooks do not run; the system and user hooks do", async () => {
    const touch = (name: string) => bash(`touch ${'$AUGMENT_PROJECT_DIR'}/../fired-${name}`);
    const box = await sandbox({ system: [touch('system')], user: [touch('user')], project: [touch('project'), bash('exit 2')] });
    const result = await run(box, { trust: false });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(existsSync(path.join(box.root, 'fired-project'))).toBe(false);
    expect(existsSync(path.join(box.root, 'fired-system'))).toBe(true);
    expect(existsSync(path.join(box.root, 'fired-user'))).toBe(true);
  });
});
