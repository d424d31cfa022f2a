// Runs one bridge scenario (scenarios.mjs) in one real host: a fresh temp root (ws/ the project, home/ the HOME),
// the scenario's Claude Code hooks, `hookrun bridge <host>` and `hookrun trust --folder` run as a user would, the
// fake model on 127.0.0.1 (in this process) scripted to call the host's shell tool, then the host itself,
// non-interactively, with an environment of PATH, LANG and what its driver (hosts/<host>.mjs) sets. Returns
// each check with its result, plus one every scenario shares: no process of the bridge is left once the host
// has exited.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeModel } from '../agents/fake-model.mjs';
import { runProcess } from '../agents/run-agent.mjs';
import { installPackage } from '../agents/install.mjs';
import { substitute, writeTree } from '../agents/tree.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(REPO, 'bin', 'hookrun.js');
/** Longer than any scenario needs; a host that hangs is killed and its run recorded as timed out. */
const RUN_TIMEOUT_MS = 120_000;
/** serve ends when its input closes, or notices its parent is gone within 500 ms (docs/serve.md): a process of
 * the run still there this long after the host exited was left behind (a loaded machine is given time). */
const SETTLE_MS = 5000;

export const HOSTS = ['opencode', 'pi', 'kilo'];
export const loadDriver = async (name) => (await import(`./hosts/${name}.mjs`)).default;
export const hostDir = (driver) => installPackage(driver.package, driver.version);

function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

/** Processes whose command line names `text` (the run's root), from /proc: what a bridge left running. */
export function processesNaming(text) {
  const found = [];
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let cmdline;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue;
    }
    if (cmdline.includes(text) && Number(pid) !== process.pid) found.push(`${pid} ${cmdline}`);
  }
  return found;
}

/** Every *.log file under `dir` (hosts log there when they run without a terminal), as one text. */
function logsUnder(dir) {
  let text = '';
  for (const name of existsSync(dir) ? readdirSync(dir, { recursive: true }) : []) {
    const file = path.join(dir, name);
    if (/\.log$/.test(name) && statSync(file).isFile()) text += readFileSync(file, 'utf8');
  }
  return text;
}

function hookrun(args, cwd, env) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`hookrun ${args.join(' ')} exited ${run.status}:\n${run.stderr}`);
  return run.stdout;
}

/** Prepares a run root for `driver` with `settings` (Claude Code's) and the bridge written as a user would. */
export async function prepare(driver, { settings, setup = {}, trusted = true, bridgeArgs = [], bridge = true }) {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), `hookrun-bridge-${driver.name}-`)));
  const ws = path.join(root, 'ws');
  const home = path.join(root, 'home');
  await mkdir(ws, { recursive: true });
  await mkdir(home, { recursive: true });
  await writeTree(ws, { ...setup, '.claude/settings.json': JSON.stringify(settings, null, 2) }, root);
  // Trust lives in the run root; the host and the serve it starts inherit the variable.
  const env = { PATH: process.env.PATH, LANG: 'C.UTF-8', HOME: home, GEMINI_CLI_TRUSTED_FOLDERS_PATH: path.join(root, 'trustedFolders.json') };
  if (bridge) hookrun(['bridge', driver.name, ...bridgeArgs], ws, env);
  if (trusted) hookrun(['trust', '--folder'], ws, env);
  return { root, ws, home, env };
}

/** Runs `driver`'s host in a prepared root against a fake model playing `steps` (shell commands, then 'done.'). */
export async function runPrepared(driver, dir, { root, ws, home, env }, { steps, extraEnv = {}, prompt = 'Do the task.' }) {
  const fake = await startFakeModel({ steps: [...steps.map((command) => ({ call: driver.shellCall(substitute(command, root)) })), { text: 'done.' }] });
  try {
    const { env: hostEnv = {}, files = {}, homeFiles = {} } = driver.setup({ port: fake.port, home, ws });
    await writeTree(ws, files, root);
    await writeTree(home, homeFiles, root);
    const bin = driver.bin(dir);
    const args = driver.command({ prompt });
    const [command, argv] = /\.(c|m)?js$/.test(bin) ? [process.execPath, [bin, ...args]] : [bin, args];
    const more = Object.fromEntries(Object.entries(extraEnv).map(([k, v]) => [k, substitute(v, root)]));
    const run = await runProcess(command, argv, { cwd: ws, env: { ...env, ...hostEnv, ...more } }, RUN_TIMEOUT_MS);
    let left = processesNaming(root);
    for (const until = Date.now() + SETTLE_MS; left.length > 0 && Date.now() < until; left = processesNaming(root)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (left.length > 0) killGroup(run.pid);
    for (const line of left) spawnSync('kill', ['-9', line.split(' ')[0]]);
    const scripted = fake.requests.filter((r) => r.step !== null && r.step !== undefined);
    return { run, left, requests: fake.requests, scripted, modelText: JSON.stringify(scripted.map((r) => r.body)) };
  } finally {
    await fake.close();
  }
}

/** One scenario in one host: `{ host, scenario, pass, checks: [[what, ok]], run }`. */
export async function runScenario(driver, dir, scenario, { keep = false } = {}) {
  const prepared = await prepare(driver, scenario);
  try {
    const result = await runPrepared(driver, dir, prepared, { steps: scenario.steps, extraEnv: scenario.env });
    const hostText = `${result.run.stdout}\n${result.run.stderr}\n${logsUnder(prepared.home)}\n${logsUnder(prepared.ws)}`;
    const o = {
      exists: (relative) => existsSync(path.join(prepared.root, relative)),
      modelSaw: (text) => result.modelText.includes(text),
      hostSaid: (text) => hostText.includes(text),
    };
    const checks = [...scenario.check(o), ['the host ended by itself', !result.run.timedOut], ['no process of the bridge left', result.left.length === 0]];
    return { host: driver.name, scenario: scenario.name, pass: checks.every(([, ok]) => ok), checks, run: result.run, left: result.left, root: prepared.root };
  } finally {
    if (!keep) await rm(prepared.root, { recursive: true, force: true });
  }
}

/**
 * Runs the calling script again inside a network namespace whose only interface is loopback (`unshare -n`, as
 * the agent tier does), once the hosts are installed: the host, its plugin, hookrun and the fake model all run
 * there. Returns the inner run's exit code, or undefined to go on here: already inside (lo is brought up), or a
 * namespace cannot be made on this machine (said on stderr: the drivers' offline settings are then all there is).
 */
export function reexecIsolated() {
  if (process.env.HOOKRUN_BRIDGE_INSIDE === '1') {
    const up = spawnSync('ip', ['link', 'set', 'lo', 'up'], { encoding: 'utf8' });
    if (up.status !== 0) throw new Error(`ip link set lo up: ${up.stderr}`);
    const links = spawnSync('ip', ['-o', 'link'], { encoding: 'utf8' }).stdout.trim().split('\n');
    if (links.length !== 1 || !links[0].includes(': lo:')) throw new Error(`not isolated: ${links.join('; ')}`);
    console.log('network namespace: loopback only');
    return undefined;
  }
  const probe = spawnSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    console.error(`not isolated (\`unshare -n\` failed: ${probe.error?.message ?? probe.stderr.trim()}): the hosts run with their offline settings only`);
    return undefined;
  }
  const inner = spawnSync('unshare', ['-n', process.execPath, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, HOOKRUN_BRIDGE_INSIDE: '1' } });
  return inner.status ?? 1;
}
