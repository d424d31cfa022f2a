// `hookrun serve` over a whole session: the Gemini conformance cases answered twice by one server,
// and its lifetime against hostile hooks, signals and a parent that dies.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { BIN, makeSandbox, type Sandbox } from '../helpers/cli.js';
import { alive, ServeClient } from './client.js';
import { SNAPSHOT_RELEASE } from '../conformance/gemini-replay.js';

interface Case {
  id: string;
  about: string;
  event: string;
  input: Record<string, unknown>;
  settings: { workspace?: unknown; user?: unknown; system?: unknown };
  scripts?: Record<string, string>;
  output: unknown;
  exit: number;
}

const cases: Case[] = JSON.parse(readFileSync(path.join(import.meta.dirname, '../conformance/gemini-cases.json'), 'utf8'));
const sandboxes: Sandbox[] = [];
const clients: ServeClient[] = [];
const pids: number[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.kill();
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
});
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

async function sandbox(): Promise<Sandbox> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  return sb;
}

async function waitFor(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pidIn = (file: string) => Number(readFileSync(file, 'utf8').trim());

test('the Gemini conformance cases, answered twice by one session, equal run (output and exit code)', async () => {
  const sb = await sandbox();
  // The corpus is the snapshot's answers (gemini-replay.ts): its release reads the system file this test keeps in the temp dir.
  const client = new ServeClient(['-C', sb.ws, '--gemini-version', SNAPSHOT_RELEASE], { env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' } });
  clients.push(client);
  const userFile = path.join(sb.home, '.gemini/settings.json');
  const systemFile = sb.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH!;
  for (const round of [1, 2]) {
    for (const [n, c] of cases.entries()) {
      // Each case its own workspace (a request's cwd); the user and system layers are shared files, rewritten per case.
      const ws = path.join(sb.root, `case-${n}`);
      const { workspace, user, system } = c.settings;
      if (round === 1) {
        if (workspace !== undefined) await sb.write(path.join(ws, '.gemini/settings.json'), JSON.stringify(workspace));
        for (const [name, content] of Object.entries(c.scripts ?? {})) await sb.write(path.join(ws, 'hooks', name), content, 0o755);
        await sb.write(path.join(ws, '.keep'), '');
      }
      if (user !== undefined) await sb.write(userFile, JSON.stringify(user));
      else await rm(userFile, { force: true });
      if (system !== undefined) await sb.write(systemFile, JSON.stringify(system));
      else await rm(systemFile, { force: true });
      const answer = await client.call('run', { event: c.event, input: c.input, cwd: ws });
      expect(answer.error, `${c.id} (round ${round}): ${c.about}`).toBeUndefined();
      expect(answer.result.output, `${c.id} (round ${round}): ${c.about}`).toEqual(c.output);
      expect(answer.result.exitCode, `${c.id} (round ${round}): ${c.about}`).toBe(c.exit);
    }
  }
  client.end();
  expect((await client.exited).code).toBe(0);
}, 600_000);

test('SIGTERM with a hook that ignores it: the hook is killed after --grace, the server exits 143', async () => {
  const sb = await sandbox();
  const pidFile = path.join(sb.root, 'hook.pid');
  await sb.write(
    path.join(sb.ws, '.gemini/settings.json'),
    JSON.stringify({
      hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: `trap '' TERM; echo $$ > ${pidFile}; while :; do sleep 0.1; done` }] }] },
    }),
  );
  const client = new ServeClient(['-C', sb.ws, '--grace', '500'], { env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' } });
  clients.push(client);
  client.send('run', { event: 'BeforeTool', input: { tool_name: 'run_shell_command' } });
  await waitFor('the hook to start', () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n'));
  const hook = pidIn(pidFile);
  pids.push(hook);
  const started = Date.now();
  client.kill('SIGTERM');
  expect(await client.exited).toEqual({ code: 143, signal: null });
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(alive(hook)).toBe(false);
  expect(client.answers).toEqual([]);
  expect(client.stderr).toContain('hookrun: interrupted by SIGTERM; every running hook was stopped');
});

test('SIGINT exits 130 after stopping the running hooks', async () => {
  const sb = await sandbox();
  const pidFile = path.join(sb.root, 'hook.pid');
  await sb.write(
    path.join(sb.ws, '.gemini/settings.json'),
    JSON.stringify({ hooks: { BeforeTool: [{ matcher: '', hooks: [{ type: 'command', command: `echo $$ > ${pidFile}; exec sleep 30` }] }] } }),
  );
  const client = new ServeClient(['-C', sb.ws], { env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' } });
  clients.push(client);
  client.send('run', { event: 'BeforeTool', input: { tool_name: 'x' } });
  await waitFor('the hook to start', () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n'));
  const hook = pidIn(pidFile);
  pids.push(hook);
  client.kill('SIGINT');
  expect(await client.exited).toEqual({ code: 130, signal: null });
  expect(alive(hook)).toBe(false);
});

test.runIf(process.platform === 'linux')('parent death: the server stops its hooks and exits on its own, though its stdin stays open', async () => {
  const sb = await sandbox();
  const hookPid = path.join(sb.root, 'hook.pid');
  const servePid = path.join(sb.root, 'serve.pid');
  const writerPid = path.join(sb.root, 'writer.pid');
  await sb.write(
    path.join(sb.ws, '.gemini/settings.json'),
    JSON.stringify({ hooks: { BeforeTool: [{ matcher: '', hooks: [{ type: 'command', command: `echo $$ > ${hookPid}; exec sleep 60` }] }] } }),
  );
  const request = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'run', params: { event: 'BeforeTool', input: { tool_name: 'x' } } });
  // The parent: a shell whose child is the server; the server's stdin is a pipe from another process, which outlives the shell.
  const script = `(echo $BASHPID > ${writerPid}; echo '${request}'; exec sleep 60) | node ${BIN} serve -C ${sb.ws} & echo $! > ${servePid}; wait`;
  const parent = spawn('bash', ['-c', script], { env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' }, stdio: 'ignore' });
  await waitFor('the hook to start', () => existsSync(hookPid) && readFileSync(hookPid, 'utf8').endsWith('\n'));
  const server = pidIn(servePid);
  const writer = pidIn(writerPid);
  const hook = pidIn(hookPid);
  pids.push(server, writer, hook);
  expect(alive(server)).toBe(true);
  parent.kill('SIGKILL');
  await waitFor('the server to exit', () => !alive(server));
  await waitFor('the hook to be stopped', () => !alive(hook));
  expect(alive(writer)).toBe(true);
});

// V8 doubles the young generation while a process allocates fast and keeps it: without the hold, this
// server reports 16–32 MiB after a few thousand events (RSS ~30 MiB above its start). docs/perf.md (serve's rounds), target 10.
test('a long session keeps the young generation at its start-up size, unless Node was told a size', async () => {
  const sb = await sandbox();
  await sb.write(
    path.join(sb.ws, '.gemini/settings.json'),
    JSON.stringify({ hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'true' }] }] } }),
  );
  const young = async (env: Record<string, string>) => {
    const client = new ServeClient(['-C', sb.ws, '--verbose'], { env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true', ...env } });
    clients.push(client);
    for (let sent = 0; sent < 3000; sent += 10) {
      const ids = Array.from({ length: 10 }, () => client.send('run', { event: 'BeforeTool', input: { tool_name: 'read_file', tool_input: { file_path: 'README.md' } } }));
      for (const id of ids) expect((await client.answer(id)).result.output).toEqual({});
    }
    client.end();
    expect((await client.exited).code).toBe(0);
    const line = /young generation ([\d.]+) MiB \(([^)]*)\)/.exec(client.stderr);
    expect(line, client.stderr).not.toBeNull();
    return { mib: Number(line![1]), how: line![2] };
  };
  const held = await young({});
  expect(held.how).toBe('held at its start-up size');
  expect(held.mib).toBeLessThanOrEqual(4);
  const chosen = await young({ NODE_OPTIONS: '--max-semi-space-size=8' });
  expect(chosen.how).toBe("as Node's flags size it");
  expect(chosen.mib).toBeGreaterThan(4);
}, 300_000);

// V8's code cache is keyed by V8's flags, which serve changes for its heap: a pack cached under the
// changed flags would be refused (and rewritten) by every later `run`, and they by serve, back and forth.
test('serve and run leave each other the code cache they use: no pack is rewritten once both have run', async () => {
  const sb = await sandbox();
  await sb.write(
    path.join(sb.ws, '.gemini/settings.json'),
    JSON.stringify({ hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'true' }] }] } }),
  );
  // A private install, so that no other test's commands add purposes to these caches meanwhile.
  const install = path.join(sb.root, 'install');
  const dist = path.join(path.dirname(BIN), '..', 'dist');
  cpSync(path.dirname(BIN), path.join(install, 'bin'), { recursive: true });
  cpSync(dist, path.join(install, 'dist'), { recursive: true, filter: (file) => !file.endsWith('.v8cache') });
  const bin = path.join(install, 'bin', path.basename(BIN));
  const env = { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true', XDG_CACHE_HOME: path.join(sb.root, 'xdg') };
  const session = async () => {
    const child = spawn(process.execPath, [bin, 'serve', '-C', sb.ws], { env, stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = [
      { tool_name: 'run_shell_command', tool_input: { command: 'ls' } },
      { tool_name: 'read_file', tool_input: { file_path: 'README.md' } },
    ].map((input, id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'run', params: { event: 'BeforeTool', input } }));
    child.stdin.end(`${lines.join('\n')}\n`);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(out.trim().split('\n')).toHaveLength(2);
  };
  const run = () => {
    const result = spawnSync(process.execPath, [bin, 'run', 'BeforeTool', '-C', sb.ws, '--event', '{"tool_name":"read_file"}'], { env, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  };
  const caches = () =>
    Object.fromEntries(
      readdirSync(path.join(install, 'dist'))
        .filter((name) => name.endsWith('.v8cache'))
        .map((name) => [name, statSync(path.join(install, 'dist', name)).mtimeMs]),
    );
  // Each command records itself in the caches of the packs it reads, once.
  await session();
  run();
  await session();
  run();
  const settled = caches();
  expect(Object.keys(settled).length).toBeGreaterThan(0);
  await session();
  run();
  await session();
  run();
  expect(caches()).toEqual(settled);
}, 120_000);
