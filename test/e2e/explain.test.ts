// explain and --dry-run predict what `run` then executes: the same hooks, in the same order, with
// the same commands, from the same file positions. Plus the fields --dry-run promises.
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

interface Case {
  about: string;
  event: string;
  input: Record<string, unknown>;
  workspace?: object;
  user?: object;
  system?: object;
  /** The names `run` must execute, in order (so the comparison cannot pass vacuously). */
  runs: string[];
  mode: 'parallel' | 'sequential';
}

const echo = (name: string, extra: object = {}) => ({ type: 'command', name, command: `echo ${name} $GEMINI_SESSION_ID`, ...extra });

const CASES: Case[] = [
  {
    about: 'matcher miss, dedup across layers, disabled by the user file',
    event: 'BeforeTool',
    input: { tool_name: 'write_file', tool_input: {} },
    user: { hooksConfig: { disabled: ['off'] }, hooks: { BeforeTool: [{ hooks: [echo('shared'), echo('off')] }] } },
    workspace: {
      hooks: {
        BeforeTool: [
          { matcher: 'read_file', hooks: [echo('reader')] },
          { matcher: 'write', hooks: [echo('writer'), echo('shared')] },
        ],
      },
    },
    system: { hooks: { BeforeTool: [{ matcher: '.*', hooks: [echo('system')] }] } },
    runs: ['shared', 'writer', 'system'],
    mode: 'parallel',
  },
  {
    about: 'sequential: one definition asks, every hook of the event follows',
    event: 'BeforeAgent',
    input: { prompt: 'hello' },
    workspace: { hooks: { BeforeAgent: [{ hooks: [echo('first')] }, { sequential: true, hooks: [echo('second'), echo('third')] }] } },
    runs: ['first', 'second', 'third'],
    mode: 'sequential',
  },
  {
    about: 'lifecycle matchers are exact strings',
    event: 'SessionStart',
    input: { source: 'resume' },
    workspace: {
      hooks: {
        SessionStart: [
          { matcher: 'startup|resume', hooks: [echo('alt')] },
          { matcher: 'resume', hooks: [echo('exact')] },
          { matcher: '*', hooks: [echo('star')] },
        ],
      },
    },
    runs: ['exact', 'star'],
    mode: 'parallel',
  },
  {
    about: 'a sequential definition whose hook is filtered out leaves the plan parallel',
    event: 'AfterTool',
    input: { tool_name: 'read_file', tool_input: {}, tool_response: {} },
    workspace: { hooks: { AfterTool: [{ matcher: 'write_file', sequential: true, hooks: [echo('seq-writer')] }, { hooks: [echo('any1'), echo('any2')] }] } },
    runs: ['any1', 'any2'],
    mode: 'parallel',
  },
];

async function setup(c: Pick<Case, 'workspace' | 'user' | 'system'>): Promise<Sandbox> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  if (c.workspace) await sb.write(path.join(sb.ws, '.gemini', 'settings.json'), JSON.stringify(c.workspace, null, 2));
  if (c.user) await sb.write(path.join(sb.home, '.gemini', 'settings.json'), JSON.stringify(c.user, null, 2));
  if (c.system) await sb.write(sb.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH!, JSON.stringify(c.system, null, 2));
  return sb;
}

// A case's system file sits in the temp dir: Gemini CLI 0.59.0 reads it there, 0.60.0 and later skip it as insecure.
const cli = (sb: Sandbox, args: string[]) => hookrun([...args, '--cwd', sb.ws], { env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true', HOOKRUN_GEMINI_VERSION: '0.59.0' } });

interface Step {
  index: number;
  name: string;
  command: string;
  file?: string;
  line?: number;
}

describe('explain and --dry-run agree with run', () => {
  // Three CLI processes (and their hooks) per case: allow for a busy machine.
  test.each(CASES.map((c) => [c.about, c] as const))('%s', { timeout: 90_000 }, async (_about, c) => {
    const sb = await setup(c);
    const event = JSON.stringify({ ...c.input, session_id: 'fixed-session' });
    const [explained, dry, ran] = await Promise.all([
      cli(sb, ['explain', c.event, '--event', event, '--json']),
      cli(sb, ['run', c.event, '--event', event, '--dry-run', '--json', '--quiet']),
      cli(sb, ['run', c.event, '--event', event, '--json', '--quiet']),
    ]);
    for (const r of [explained, dry, ran]) expect(r.exitCode, r.stderr).toBe(0);
    const explanation = JSON.parse(explained.stdout);
    const plan = JSON.parse(dry.stdout);
    const report = JSON.parse(ran.stdout);

    const executed: Step[] = report.results.map((r: Step) => ({ index: r.index, name: r.name, command: r.command }));
    expect(executed.map((s) => s.name)).toEqual(c.runs);
    expect(executed.every((s) => s.command === `echo ${s.name} fixed-session`)).toBe(true);

    const planned: Step[] = plan.hooks.map((h: Step) => ({ index: h.index, name: h.name, command: h.command }));
    const fires: Step[] = explanation.hooks
      .filter((h: { fires: boolean }) => h.fires)
      .sort((a: { order: number }, b: { order: number }) => a.order - b.order)
      .map((h: { order: number; name: string; runs: string }) => ({ index: h.order, name: h.name, command: h.runs }));
    expect(planned).toEqual(executed);
    expect(fires).toEqual(executed);

    const places = (hooks: Step[]) => hooks.map((h) => `${h.file}:${h.line}`);
    const firing = explanation.hooks.filter((h: { fires: boolean }) => h.fires).sort((a: { order: number }, b: { order: number }) => a.order - b.order);
    expect(places(plan.hooks)).toEqual(places(report.plan.hooks));
    expect(places(firing)).toEqual(places(report.plan.hooks));
    expect([plan.mode, report.plan.mode, explanation.mode]).toEqual([c.mode, c.mode, c.mode]);
    // Everything configured and not executed is explained with a reason.
    const notFiring = explanation.hooks.filter((h: { fires: boolean }) => !h.fires);
    expect(notFiring.every((h: { reason?: string }) => typeof h.reason === 'string')).toBe(true);
    expect(explanation.hooks.length).toBe(executed.length + notFiring.length);
  });
});

describe('--dry-run', () => {
  test('shows every field the plan promises, and starts nothing', async () => {
    const sb = await setup({
      workspace: {
        hooks: {
          BeforeTool: [
            {
              matcher: 'write_file',
              sequential: true,
              hooks: [{ type: 'command', name: 'guard', command: 'touch $GEMINI_PROJECT_DIR/ran', timeout: 1500, env: { TOKEN: 'secret-value', MODE: 'strict' } }],
            },
          ],
        },
      },
    });
    const r = await cli(sb, ['run', 'BeforeTool', '--tool', 'write_file', '--dry-run']);
    expect(r.exitCode).toBe(0);
    const plan = JSON.parse(r.stdout);
    const file = path.join(sb.ws, '.gemini', 'settings.json');
    expect(plan.hooks).toEqual([
      {
        index: 0,
        name: 'guard',
        command: `touch ${sb.ws}/ran`,
        configuredCommand: 'touch $GEMINI_PROJECT_DIR/ran',
        source: 'project',
        layer: 'workspace',
        file,
        line: 8,
        column: 11,
        matcher: 'write_file',
        matched: 'regex /write_file/ (unanchored) matches tool "write_file"',
        timeoutMs: 1500,
        envKeys: ['TOKEN', 'MODE'],
        cwd: sb.ws,
      },
    ]);
    expect(plan.mode).toBe('sequential');
    expect(plan.modeBecause).toBe(`"guard" (${file}:8:11) is in a definition with "sequential": true, so every hook of the event runs one after another`);
    expect(r.stdout).not.toContain('secret-value');
    expect(r.stderr).toContain(
      `  1. guard (workspace) ${file}:8\n     $ touch ${sb.ws}/ran\n     matcher "write_file" (regex /write_file/ (unanchored) matches tool "write_file"), timeout 1500 ms, env TOKEN, MODE\n`,
    );
    const { existsSync } = await import('node:fs');
    expect(existsSync(path.join(sb.ws, 'ran'))).toBe(false);
  });
});

describe('explain through the bin', () => {
  test('text on stdout, exit 0; an unknown event is a usage error, exit 1', async () => {
    const sb = await setup({ workspace: { hooks: { BeforeAgent: [{ hooks: [echo('greet')] }] } } });
    const r = await cli(sb, ['explain', 'BeforeAgent']);
    expect(r).toMatchObject({ exitCode: 0, stderr: '' });
    expect(r.stdout.split('\n')[0]).toBe('BeforeAgent: 1 of 1 configured hook(s) fire, parallel');
    const bad = await cli(sb, ['explain', 'beforeAgent']);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain('unknown gemini event "beforeAgent". Did you mean "BeforeAgent"?');
  });

  test("Claude Code's loader drops are the event's unregistered hooks too: a bad handler type, the event name in the wrong case", async () => {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    const bogus = { hooks: [{ type: 'bogus', command: 'x.sh' }] };
    await sb.write(path.join(sb.ws, '.claude/settings.json'), JSON.stringify({ hooks: { PreToolUse: [bogus], pretooluse: [bogus], Stop: [bogus] } }, null, 2));
    const r = await hookrun(['explain', 'PreToolUse', '--dialect', 'claude', '--tool', 'Bash', '--trust-workspace', '-C', sb.ws], { env: sb.env });
    expect(r.exitCode, r.stderr).toBe(0);
    const dropped = r.stdout.slice(r.stdout.indexOf('not registered'));
    expect(dropped).toContain('[invalid-hook-type]');
    expect(dropped).toContain('[invalid-event-name]');
    expect(dropped.match(/\[invalid-hook-type\]/g)).toHaveLength(1);
  });
});
