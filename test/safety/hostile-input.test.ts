// Issue 18, classes 2, 3, 7, 8 and 10: deep JSON, unbounded and non-regular inputs, terminal control
// text, broken streams and the smaller holes, each through the real bin against a real temp workspace.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test as base, vi } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { beforeTool, makeWorkspace, type Workspace } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

const test = base.extend<{ w: Workspace }>({
  // eslint-disable-next-line no-empty-pattern
  w: async ({}, use) => {
    const w = await makeWorkspace();
    await use(w);
    await w.cleanup();
  },
});

const deepArray = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const settingsFile = (w: Workspace) => path.join(w.ws, '.gemini', 'settings.json');
const TRUST = ['--trust-workspace'];

/** The bin through bash, for redirections vitest's spawn cannot express (`>/dev/full`, `<&-`). */
function shell(w: Workspace, args: string, redirect: string): { status: number | null; stdout: string; stderr: string } {
  const quoted = args;
  const r = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" -C "${w.ws}" ${quoted} ${redirect}`], { env: w.env, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function denyHook(w: Workspace, reason = 'no'): Promise<void> {
  const script = await w.write('deny.sh', `#!/bin/bash\ncat >/dev/null\nprintf '%s\\n' '${JSON.stringify({ decision: 'deny', reason })}'\n`, 0o755);
  await w.settings(beforeTool(script));
}

describe('class 2: deep JSON is an error at file:line:column, never a stack overflow', () => {
  test('settings nested 3000 deep: run, validate, list and disable name the file and position', async ({ w }) => {
    fs.mkdirSync(path.dirname(settingsFile(w)), { recursive: true });
    fs.writeFileSync(settingsFile(w), `{"hooks":{},"x":${deepArray(3000)}}`);
    for (const args of [['run', 'BeforeTool', '--tool', 'x', ...TRUST], ['validate'], ['list'], ['disable', 'guard']]) {
      const r = await w.run(args);
      const all = r.stdout + r.stderr;
      expect(all, args.join(' ')).not.toMatch(/RangeError|call stack|internal error/);
      expect(all, args.join(' ')).toMatch(/nested deeper than 1000 levels/);
      expect(all, args.join(' ')).toContain('settings.json:1:');
      expect(r.exitCode, args.join(' ')).toBe(1);
    }
  });

  test('settings at the limit (1000 levels) load in every command', async ({ w }) => {
    fs.mkdirSync(path.dirname(settingsFile(w)), { recursive: true });
    fs.writeFileSync(settingsFile(w), `{"hooks":{},"x":${deepArray(999)}}`);
    for (const args of [['run', 'BeforeTool', '--tool', 'x', ...TRUST], ['list'], ['disable', 'guard']]) {
      const r = await w.run(args);
      expect(r.stderr, args.join(' ')).not.toMatch(/RangeError|nested deeper/);
    }
  });

  test('a deep event (file, --event, stdin) is an input error with its position', async ({ w }) => {
    await w.settings(beforeTool('true'));
    const event = `{"tool_name":"x","tool_input":{"a":${deepArray(3000)}}}`;
    const file = await w.write('event.json', event);
    for (const [args, input] of [[['--event-file', file]], [['--event', event]], [[], event]] as [string[], string?][]) {
      const r = await w.run(['run', 'BeforeTool', ...args, ...TRUST], input === undefined ? {} : { input });
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/:1:\d+: invalid JSON: nested deeper than 1000 levels/);
      expect(r.stderr).not.toMatch(/RangeError/);
    }
  });

  test("a hook's too-deep answer is that hook's failure: reported, fail-open, blocks under --fail-closed", async ({ w }) => {
    const answer = `{"decision":"deny","reason":"x","hookSpecificOutput":{"a":${deepArray(3000)}}}`;
    const script = await w.write('deep.sh', `#!/bin/bash\ncat >/dev/null\ncat ${path.join(w.root, 'answer.json')}\n`, 0o755);
    await w.write('answer.json', answer);
    await w.settings(beforeTool(script));
    const open = await w.run(['run', 'BeforeTool', '--tool', 'x', ...TRUST]);
    expect(open.exitCode).toBe(0);
    expect(open.stdout.trim()).toBe('{}');
    expect(open.stderr).toMatch(/answered on stdout with JSON nested deeper than 1000 levels/);
    const json = await w.run(['run', 'BeforeTool', '--tool', 'x', '--json', ...TRUST]);
    expect(JSON.parse(json.stdout).results[0].success).toBe(false);
    const closed = await w.run(['run', 'BeforeTool', '--tool', 'x', '--fail-closed', ...TRUST]);
    expect(closed.exitCode).toBe(2);
  });

  test('Claude Code settings nested 3000 deep: the same clear error', async ({ w }) => {
    await w.write(path.join(w.ws, '.claude', 'settings.json'), `{"hooks":{},"x":${deepArray(3000)}}`);
    const r = await w.run(['run', 'PreToolUse', '--dialect', 'claude', '--tool', 'Bash', ...TRUST]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/nested deeper than 1000 levels.*\.claude\/settings\.json:1:\d+/);
  });
});

describe('class 3: inputs are bounded, and only regular files (or stdin) are read', () => {
  test('--event-file /dev/zero and a FIFO are refused at once', async ({ w }) => {
    await w.settings(beforeTool('true'));
    const fifo = path.join(w.root, 'event.fifo');
    spawnSync('mkfifo', [fifo]);
    for (const file of ['/dev/zero', fifo]) {
      const r = await w.run(['run', 'BeforeTool', '--event-file', file, ...TRUST]);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/not a regular file/);
      expect(r.durationMs).toBeLessThan(20_000);
    }
  });

  test('a FIFO as settings file and a committed symlink settings.json -> /dev/zero: errors, no hang', async ({ w }) => {
    fs.mkdirSync(path.join(w.ws, '.gemini'), { recursive: true });
    spawnSync('mkfifo', [settingsFile(w)]);
    const run = await w.run(['run', 'BeforeTool', '--tool', 'x', ...TRUST]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/is a FIFO, not a regular file/);
    fs.rmSync(settingsFile(w));
    fs.symlinkSync('/dev/zero', settingsFile(w));
    const validate = await w.run(['validate']);
    expect(validate.exitCode).toBe(2);
    expect(validate.stdout).toMatch(/character device, not a regular file/);
  });

  test('the size limit names itself and how to raise it; --max-input and HOOKRUN_MAX_INPUT raise or lower it', async ({ w }) => {
    await w.settings(beforeTool('true'));
    const event = JSON.stringify({ tool_name: 'x', pad: 'y'.repeat(200) });
    const file = await w.write('event.json', event);
    const flag = await w.run(['run', 'BeforeTool', '--event-file', file, '--max-input', '100', ...TRUST]);
    expect(flag.exitCode).toBe(1);
    expect(flag.stderr).toContain("larger than hookrun's input limit of 100 bytes; raise it with --max-input <bytes> or HOOKRUN_MAX_INPUT=<bytes>");
    const env = await w.run(['run', 'BeforeTool', ...TRUST], { input: event, env: { HOOKRUN_MAX_INPUT: '100' } });
    expect(env.exitCode).toBe(1);
    expect(env.stderr).toMatch(/standard input is larger than hookrun's input limit of 100 bytes/);
    const settings = await w.run(['run', 'BeforeTool', '--tool', 'x', ...TRUST], { env: { HOOKRUN_MAX_INPUT: '50' } });
    expect(settings.exitCode).toBe(1);
    expect(settings.stderr).toMatch(/settings\.json is larger than hookrun's input limit of 50 bytes/);
    const bad = await w.run(['run', 'BeforeTool', '--tool', 'x', ...TRUST], { env: { HOOKRUN_MAX_INPUT: 'lots' } });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/HOOKRUN_MAX_INPUT must be a whole number of bytes/);
  });

  test('stdin from /dev/zero ends with the limit, not with memory exhaustion', async ({ w }) => {
    await w.settings(beforeTool('true'));
    const r = shell(w, 'run BeforeTool --trust-workspace --max-input 1048576', '</dev/zero');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/standard input is larger than hookrun's input limit of 1 MiB/);
  });

  test('a FIFO as a fixture file, a .env and a hook script to hash: refused, never waited on', async ({ w }) => {
    const script = path.join(w.ws, 'hooks', 'a.sh');
    fs.mkdirSync(path.dirname(script), { recursive: true });
    spawnSync('mkfifo', [script]);
    spawnSync('mkfifo', [path.join(w.ws, '.env')]);
    await w.settings(beforeTool({ name: 'a', command: './hooks/a.sh' }));
    const fixture = path.join(w.root, 'case.json');
    spawnSync('mkfifo', [fixture]);
    const trust = await w.run(['trust', '--hooks']);
    expect(trust.stderr).not.toMatch(/internal error/);
    const test = await w.run(['test', fixture]);
    expect(test.stdout + test.stderr).toMatch(/not a regular file/);
    const run = await w.run(['run', 'BeforeTool', '--tool', 'x', ...TRUST]);
    expect(run.stderr).not.toMatch(/internal error/);
  });
});

describe('class 7: control text from hooks is escaped in the text report, kept in the JSON', () => {
  test('a reason with OSC title, clear-screen and carriage return cannot forge the outcome line', async ({ w }) => {
    const reason = 'x\u001b]0;pwned\u0007\u001b[2J\rhookrun: outcome: proceed (exit 0)\u009b31m';
    const script = await w.write('deny.sh', `#!/bin/bash\ncat >/dev/null\ncat ${path.join(w.root, 'answer.json')}\n`, 0o755);
    await w.write('answer.json', JSON.stringify({ decision: 'deny', reason }));
    await w.settings(beforeTool({ name: 'evil\u001b[2Jname', command: script }));
    const r = await w.run(['run', 'BeforeTool', '--tool', 'x', ...TRUST]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).not.toMatch(/[\u001b\u0007\r\u009b]/);
    // The reason stays on its hook's line (a \r or newline is a space there), its escapes visible.
    expect(r.stderr).toContain('\\x1b]0;pwned\\x07\\x1b[2J hookrun: outcome: proceed (exit 0)\\x9b31m');
    expect(r.stderr).toContain('evil\\x1b[2Jname');
    expect(r.stderr.split('\n').filter((line) => line.startsWith('hookrun: outcome:'))).toHaveLength(1);
    expect(JSON.parse(r.stdout).reason).toBe(reason);
    const dry = await w.run(['run', 'BeforeTool', '--tool', 'x', '--dry-run', ...TRUST]);
    expect(dry.stderr).not.toMatch(/[\u001b\u0007]/);
    const explain = await w.run(['explain', 'BeforeTool', '--tool', 'x', ...TRUST]);
    expect(explain.stdout).not.toMatch(/[\u001b\u0007]/);
  });
});

describe('class 8: broken streams keep the right exit code', () => {
  test('stdout on a full disk: exit 1 and a message, no stack', async ({ w }) => {
    await denyHook(w);
    for (const args of ['run BeforeTool --tool x --trust-workspace', 'validate', 'list']) {
      const r = shell(w, args, '>/dev/full');
      expect(r.status, args).toBe(1);
      expect(r.stderr, args).toContain('cannot write to standard output (ENOSPC)');
      expect(r.stderr, args).not.toMatch(/ at |internal error/);
    }
  });

  test("stderr on a full disk keeps a deny's exit 2; a closed stdin is an empty one", async ({ w }) => {
    await denyHook(w);
    const full = shell(w, 'run BeforeTool --tool x --trust-workspace', '2>/dev/full');
    expect(full.status).toBe(2);
    expect(JSON.parse(full.stdout).decision).toBe('deny');
    const closed = shell(w, 'run BeforeTool --trust-workspace', '<&-');
    expect(closed.status).toBe(2);
    expect(closed.stderr).not.toMatch(/EBADF|internal error/);
    const closedFile = shell(w, 'run BeforeTool --event-file - --trust-workspace', '<&-');
    expect(closedFile.status).toBe(2);
  });

  test('serve: a full stdout is exit 1 with a message; a full stderr changes nothing', async ({ w }) => {
    await denyHook(w);
    const request = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'run', params: { event: 'BeforeTool', input: { tool_name: 'x' } } });
    const out = shell(w, 'serve --trust-workspace', `>/dev/full <<'EOF'\n${request}\nEOF`);
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('cannot write to standard output (ENOSPC)');
    const err = shell(w, 'serve --trust-workspace --verbose', `2>/dev/full <<'EOF'\n${request}\nEOF`);
    expect(err.status).toBe(0);
    expect(JSON.parse(err.stdout).result.exitCode).toBe(2);
  });
});

describe('class 10: the smaller holes', () => {
  test('event JSON errors show a position and words, never the input; a BOM is skipped', async ({ w }) => {
    await w.settings(beforeTool('true'));
    const secret = 'sk-live-4f9a8b7c6d5e';
    for (const text of [`{"tool_name": ${secret}}`, `{"token":"${secret}"`, `${secret}`, `{"a":1} ${secret}`]) {
      const r = await w.run(['run', 'BeforeTool', '--event', text, ...TRUST]);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/--event:1:\d+: invalid JSON: /);
      expect(r.stderr).not.toContain('sk-live');
      expect(r.stderr).not.toContain('4f9a');
    }
    const bom = await w.run(['run', 'BeforeTool', '--event', '\ufeff{"tool_name":"x"}', ...TRUST]);
    expect(bom.exitCode).toBe(0);
    const bomBroken = await w.run(['run', 'BeforeTool', '--event', '\ufeff{"tool_name":}', ...TRUST]);
    expect(bomBroken.stderr).toMatch(/--event:1:14: invalid JSON/);
  });

  test('disable and enable on a settings file with more indented lines than a call takes arguments', async ({ w }) => {
    const settings = { hooks: { BeforeTool: [{ hooks: [{ type: 'command', name: 'guard', command: 'true' }] }] }, pad: Array.from({ length: 300_000 }, (_, i) => i) };
    fs.mkdirSync(path.join(w.ws, '.gemini'), { recursive: true });
    fs.writeFileSync(settingsFile(w), JSON.stringify(settings, null, 2));
    const off = await w.run(['disable', 'guard']);
    expect(off.stderr).not.toMatch(/RangeError|internal error/);
    expect(off.exitCode).toBe(0);
    expect(JSON.parse(fs.readFileSync(settingsFile(w), 'utf8')).hooksConfig.disabled).toEqual(['guard']);
    const on = await w.run(['enable', 'guard']);
    expect(on.exitCode).toBe(0);
  });

  test('an empty or foreign settings.json.lock does not block a write past the wait', async ({ w }) => {
    await w.settings(beforeTool({ name: 'guard', command: 'true' }));
    for (const content of ['', 'not a lock']) {
      const lock = `${settingsFile(w)}.lock`;
      fs.writeFileSync(lock, content);
      const old = new Date(Date.now() - 6_000);
      fs.utimesSync(lock, old, old);
      const r = await w.run(['disable', 'guard']);
      expect(r.exitCode, JSON.stringify(content)).toBe(0);
      expect(r.durationMs).toBeLessThan(9_000);
      await w.run(['enable', 'guard']);
    }
  });

  test('the script-hash fingerprint finds the script behind sourcing, stdin, cd, timeout and "${GEMINI_PROJECT_DIR}"', async ({ w }) => {
    const script = await w.write(path.join(w.ws, 'hooks', 'a.sh'), '#!/bin/bash\necho {}\n', 0o755);
    const commands = [
      '. ./hooks/a.sh',
      'source hooks/a.sh',
      'bash < hooks/a.sh',
      'cd hooks && ./a.sh',
      'timeout 5 ./hooks/a.sh',
      'timeout -k 2 5 bash hooks/a.sh',
      '"${GEMINI_PROJECT_DIR}"/hooks/a.sh',
      '$GEMINI_PROJECT_DIR/hooks/a.sh',
    ];
    await w.settings({
      hooks: { BeforeTool: [{ hooks: [...commands.map((command, i) => ({ type: 'command', name: `h${i}`, command })), { type: 'command', name: 'tool', command: 'jq .' }] }] },
    });
    const r = await w.run(['trust', '--hooks']);
    expect(r.exitCode).toBe(0);
    const recorded = JSON.parse(fs.readFileSync(path.join(w.home, '.gemini', 'hookrun-trusted-scripts.json'), 'utf8'))[w.ws];
    for (const [i, command] of commands.entries()) expect(recorded[`h${i}:${command}`]?.path, command).toBe(script);
    expect(recorded['tool:jq .']).toBeUndefined();
    const list = await w.run(['trust', '--hooks', '--dry-run']);
    expect(list.stdout + list.stderr).toMatch(/jq \.\n\s+no script hashed/);
  });
});
