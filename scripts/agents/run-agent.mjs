// Runs one scenario through one real agent: writes the hook files into a fresh run root, starts the fake model
// (in this process, so inside the same network namespace), runs the agent non-interactively, and collects what
// it did: hooks fired (order, counts, stdin, env, cwd), tool ran or not, every model request, exit code, output.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { substitute, writeTree } from './tree.mjs';
import { startFakeModel } from './fake-model.mjs';
import { hookGroups, LOG_SH } from './hooks.mjs';

/** Longer than any scenario needs; a run that hangs is killed and recorded as timed out. */
const RUN_TIMEOUT_MS = 150_000;

/** The hook files of a scenario for an agent, with @ROOT@ left in: what a derived case carries. */
export function scenarioFiles(agent, scenario) {
  const groups = hookGroups(agent, scenario);
  const { files = {}, homeFiles = {} } = agent.hookFiles(groups);
  return { groups, files: { ...files, '.tier/log.sh': LOG_SH }, homeFiles };
}

/** Runs `command` to its end, its whole process group killed after `timeoutMs`; what it did (the bridge's runs too). */
export function runProcess(command, args, options, timeoutMs = RUN_TIMEOUT_MS) {
  return new Promise((resolve) => {
    const started = Date.now();
    // Detached: a timeout kills the agent's whole process group (its hooks and tools included).
    const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch (error) {
        if (error.code !== 'ESRCH') throw error;
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ exitCode: null, signal: null, stdout, stderr: `${stderr}${error.message}`, timedOut, ms: Date.now() - started, pid: child.pid });
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      resolve({ exitCode, signal, stdout, stderr, timedOut, ms: Date.now() - started, pid: child.pid });
    });
  });
}

async function readIf(file) {
  return existsSync(file) ? readFile(file, 'utf8') : undefined;
}

/** Runs the scenario; returns the observation (see the fields at the end). */
export async function runAgent(agent, agentDir, scenario) {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-tier-')));
  const ws = path.join(root, 'ws');
  const home = path.join(root, 'home');
  await mkdir(ws, { recursive: true });
  await mkdir(home, { recursive: true });
  const { groups, files, homeFiles } = scenarioFiles(agent, scenario);
  const steps = scenario.model.map((step) => (step.shell ? { call: agent.shellCall(substitute(step.shell, root)) } : { text: step.text }));
  const fake = await startFakeModel({ steps });
  try {
    await writeTree(ws, files, root);
    await writeTree(home, { ...homeFiles, ...(agent.agentHomeFiles?.(fake.port) ?? {}) }, root);
    const bin = agent.bin(agentDir);
    const { args, env } = agent.command({ port: fake.port, home, ws, root });
    const [command, argv] = bin.endsWith('.js') || bin.endsWith('.mjs') ? [process.execPath, [bin, ...args]] : [bin, args];
    const run = await runProcess(command, argv, { cwd: ws, env: { PATH: process.env.PATH, LANG: 'C.UTF-8', ...env } });

    const names = await readdir(root);
    const fired = new Set(names.filter((n) => n.startsWith('fired-')).map((n) => n.slice('fired-'.length)));
    const counts = {};
    for (const n of names.filter((n) => n.startsWith('count-'))) {
      counts[n.slice('count-'.length)] = (await readFile(path.join(root, n), 'utf8')).split('\n').filter(Boolean).length;
    }
    const logs = {};
    for (const n of existsSync(path.join(root, 'log')) ? await readdir(path.join(root, 'log')) : []) {
      logs[n] = await readFile(path.join(root, 'log', n), 'utf8');
    }
    const scripted = fake.requests.filter((r) => r.step !== null && r.step !== undefined);
    return {
      root,
      groups,
      files,
      homeFiles,
      exitCode: run.exitCode,
      signal: run.signal,
      timedOut: run.timedOut,
      ms: run.ms,
      stdout: run.stdout,
      stderr: run.stderr,
      fired,
      counts,
      order: ((await readIf(path.join(root, 'order'))) ?? '').split('\n').filter(Boolean),
      logs,
      toolRan: existsSync(path.join(root, 'ran-tool')),
      requests: fake.requests,
      scripted,
      /** Every scripted request's body, as one text (what the model was told). */
      modelText: JSON.stringify(scripted.map((r) => r.body)),
      observed: scenario.observe ? await readIf(path.join(root, scenario.observe)) : undefined,
    };
  } finally {
    await fake.close();
  }
}
