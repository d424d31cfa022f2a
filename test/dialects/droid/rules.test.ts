// Factory Droid's rules, each against real hook processes in real temp folders (docs/droid.md): the first
// permissionDecision wins, exit 2 after an allow denies, unanchored matchers and commandRegex, the event as
// environment variables, the file layering (hooks.json, its settings.json fallback, project before user)
// and folder trust.
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { aggregateDroid } from '../../../src/dialects/droid/aggregate.js';
import { matchDroid } from '../../../src/dialects/droid/plan.js';
import type { HookResult } from '../../../src/pipeline/types.js';
import { hookrun } from '../../helpers/cli.js';

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

interface Setup {
  project?: Record<string, unknown>;
  user?: Record<string, unknown>;
}

/** A workspace and a home, each file written as JSON below it; returns the run's paths. */
async function sandbox(setup: Setup) {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-droid-')));
  roots.push(root);
  const ws = path.join(root, 'ws');
  const home = path.join(root, 'home');
  for (const [base, files] of [
    [ws, setup.project],
    [home, setup.user],
  ] as const) {
    for (const [name, content] of Object.entries(files ?? {})) {
      await mkdir(path.dirname(path.join(base, name)), { recursive: true });
      await writeFile(path.join(base, name), JSON.stringify(content));
    }
    await mkdir(base, { recursive: true });
  }
  return { root, ws, home };
}

const hook = (command: string) => ({ type: 'command', command });
const group = (commands: string[], more: Record<string, unknown> = {}) => ({ ...more, hooks: commands.map(hook) });
const answer = (decision: string, reason = '') => `printf '%s' '{"hookSpecificOutput":{"permissionDecision":"${decision}","permissionDecisionReason":"${reason}"}}'`;
const event = (ws: string, command = 'ls') =>
  JSON.stringify({
    session_id: 's-1',
    transcript_path: '/t.jsonl',
    cwd: ws,
    permission_mode: 'auto-low',
    hook_event_name: 'PreToolUse',
    tool_name: 'Execute',
    tool_input: { command },
  });

async function run(box: { ws: string; home: string }, options: { trust?: boolean; command?: string } = {}) {
  const args = [
    'run',
    ...(options.trust === false ? [] : ['--trust-workspace']),
    'PreToolUse',
    '--dialect',
    'droid',
    '--event',
    event(box.ws, options.command),
    '--cwd',
    box.ws,
    '--quiet',
  ];
  return hookrun(args, { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: box.home, LANG: 'C.UTF-8', NO_COLOR: '1' } });
}

describe('first decision wins', () => {
  test('an allow before a deny lets the tool run; a deny before an allow blocks', async () => {
    const allowFirst = await sandbox({ project: { '.factory/hooks.json': { PreToolUse: [group([answer('allow'), answer('deny', 'LATE-DENY')])] } } });
    const first = await run(allowFirst);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).not.toContain('LATE-DENY');
    const denyFirst = await sandbox({ project: { '.factory/hooks.json': { PreToolUse: [group([answer('deny', 'EARLY-DENY'), answer('allow')])] } } });
    const second = await run(denyFirst);
    expect(second.exitCode).toBe(2);
    expect(second.stdout).toContain('EARLY-DENY');
  });

  test.each([
    ['allow, then exit 2: denied with its stderr', [{ permissionDecision: 'allow' }, { decision: 'block', reason: 'E2' }], 'deny', 'E2'],
    [
      'deny first keeps its own reason over an exit 2',
      [
        { permissionDecision: 'deny', permissionDecisionReason: 'R' },
        { decision: 'block', reason: 'E2' },
      ],
      'deny',
      'R',
    ],
    ["a deny without a reason gets Droid's words", [{ permissionDecision: 'deny' }], 'deny', 'Tool execution denied by hook'],
    ['ask, then deny: ask', [{ permissionDecision: 'ask' }, { permissionDecision: 'deny', permissionDecisionReason: 'R' }], 'ask', undefined],
  ])('%s', (_name, outputs, decision, reason) => {
    const results = outputs.map((o, index): HookResult => {
      const output = 'decision' in o ? o : { hookSpecificOutput: { hookEventName: 'PreToolUse', ...o } };
      return {
        index,
        entry: {
          event: 'PreToolUse',
          config: { type: 'command' },
          source: 'project',
          layer: 'project',
          matcher: undefined,
          sequential: undefined,
          enabled: true,
          displayName: 'h',
        },
        command: 'h',
        input: {},
        success: true,
        exitCode: 0,
        durationMs: 1,
        output,
      };
    });
    const hso = aggregateDroid('PreToolUse', results).finalOutput?.hookSpecificOutput as Record<string, unknown>;
    expect(hso.permissionDecision).toBe(decision);
    expect(hso.permissionDecisionReason).toBe(reason);
  });

  test("the deciding allow's updatedInput is merged over the tool input", () => {
    const output = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'ls -a' } } };
    const result: HookResult = {
      index: 0,
      entry: { event: 'PreToolUse', config: { type: 'command' }, source: 'p', layer: 'project', matcher: undefined, sequential: undefined, enabled: true, displayName: 'h' },
      command: 'h',
      input: { tool_input: { command: 'ls', riskLevel: 'low' } },
      success: true,
      exitCode: 0,
      durationMs: 1,
      output,
    };
    expect((aggregateDroid('PreToolUse', [result]).finalOutput?.hookSpecificOutput as Record<string, unknown>).updatedInput).toEqual({ command: 'ls -a', riskLevel: 'low' });
  });
});

describe('matchers', () => {
  test.each([
    [undefined, true],
    ['', true],
    ['*', true],
    ['Execute', true],
    ['Exec', true],
    ['cute$', true],
    ['Exec|Read', true],
    ['Bash', false],
    ['^Read', false],
    ['(', false],
  ])('matcher %j against Execute: %s (unanchored regex)', (matcher, matches) => {
    expect(matchDroid(matcher, 'Execute').matches).toBe(matches);
  });

  test('commandRegex narrows a group to the commands it matches', async () => {
    const box = await sandbox({ project: { '.factory/hooks.json': { PreToolUse: [group(['exit 2'], { matcher: 'Execute', commandRegex: 'rm ' })] } } });
    expect((await run(box, { command: 'ls -la' })).exitCode).toBe(0);
    expect((await run(box, { command: 'sudo rm -rf x' })).exitCode).toBe(2);
  });
});

test('every top-level scalar of the event is an environment variable, beside the project variables', async () => {
  const box = await sandbox({});
  const out = path.join(box.root, 'env.txt');
  await mkdir(path.join(box.ws, '.factory'), { recursive: true });
  await writeFile(
    path.join(box.ws, '.factory', 'hooks.json'),
    JSON.stringify({ PreToolUse: [group([`printf '%s|%s|%s|%s|%s' "$tool_name" "$session_id" "$permission_mode" "$FACTORY_PROJECT_DIR" "\${tool_input-unset}" > ${out}`])] }),
  );
  const result = await run(box);
  expect(result.exitCode, result.stderr).toBe(0);
  expect(await readFile(out, 'utf8')).toBe(`Execute|s-1|auto-low|${box.ws}|unset`);
});

describe('files', () => {
  test("project hooks come before the user's: the project deny decides over the user allow", async () => {
    const box = await sandbox({
      project: { '.factory/hooks.json': { PreToolUse: [group([answer('deny', 'PROJECT')])] } },
      user: { '.factory/hooks.json': { PreToolUse: [group([answer('allow')])] } },
    });
    const result = await run(box);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toContain('PROJECT');
  });

  test('settings.json hooks count only where the level has no hooks.json; a "hooks" wrapper in hooks.json is no event', async () => {
    const box = await sandbox({ project: { '.factory/settings.json': { hooks: { PreToolUse: [group([`touch ${'$FACTORY_PROJECT_DIR'}/../fired-settings`])] } } } });
    expect((await run(box)).exitCode).toBe(0);
    expect(existsSync(path.join(box.root, 'fired-settings'))).toBe(true);
    await rm(path.join(box.root, 'fired-settings'));
    await writeFile(path.join(box.ws, '.factory', 'hooks.json'), JSON.stringify({ hooks: { PreToolUse: [group(['exit 2'])] } }));
    const shadowed = await run(box);
    expect(shadowed.exitCode).toBe(0);
    expect(existsSync(path.join(box.root, 'fired-settings'))).toBe(false);
  });

  test('the legacy .factory/hooks/hooks.json is read when hooks.json is absent', async () => {
    const box = await sandbox({ project: { '.factory/hooks/hooks.json': { PreToolUse: [group(['echo LEGACY >&2; exit 2'])] } } });
    const result = await run(box);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toContain('LEGACY');
  });
});

test("an untrusted folder's project hooks do not run; the user's do", async () => {
  const box = await sandbox({
    project: { '.factory/hooks.json': { PreToolUse: [group([`touch ${'$FACTORY_PROJECT_DIR'}/../fired-project`])] } },
    user: { '.factory/hooks.json': { PreToolUse: [group([`touch ${'$FACTORY_PROJECT_DIR'}/../fired-user`])] } },
  });
  const result = await run(box, { trust: false });
  expect(result.exitCode, result.stderr).toBe(0);
  expect(existsSync(path.join(box.root, 'fired-project'))).toBe(false);
  expect(existsSync(path.join(box.root, 'fired-user'))).toBe(true);
});

test('exit 3 aborts the run (exit 4) with stderr as the reason', async () => {
  const box = await sandbox({ project: { '.factory/hooks.json': { PreToolUse: [group(['echo ABORTED >&2; exit 3'])] } } });
  const result = await run(box);
  expect(result.exitCode).toBe(4);
  expect(result.stdout).toContain('ABORTED');
});
