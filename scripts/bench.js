// `npm run bench`: hookrun's cost per event against the Node.js floor (issue 7's six targets, and
// issue 14's five for `hookrun serve`, numbered 7–11).
// Each target runs its commands interleaved (A B A B …) after a warm-up, and prints min/median/max
// and the ratio of medians against the target. Timings are not assertions: this is not part of
// `npm test`. Needs only Node (and bash, like hookrun itself); Linux for the peak-RSS target.
//
//   node scripts/bench.js [--runs N] [--warmup N] [--only 1,3] [--bin path/to/hookrun.js] [--json] [--keep]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MiB = 1024 * 1024;

function parseArgs(argv) {
  const options = { runs: 15, warmup: 2, only: undefined, bin: path.join(REPO, 'bin', 'hookrun.js'), json: false, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--runs') options.runs = Number(value());
    else if (arg === '--warmup') options.warmup = Number(value());
    else if (arg === '--only') options.only = new Set(value().split(',').map(Number));
    else if (arg === '--bin') options.bin = path.resolve(value());
    else if (arg === '--json') options.json = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--help' || arg === '-h') {
      console.log('usage: node scripts/bench.js [--runs N (>= 10, default 15)] [--warmup N] [--only 1,2,…] [--bin path] [--json] [--keep (leave the sandbox for profiling)]');
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (!Number.isInteger(options.runs) || options.runs < 10) throw new Error('--runs must be a whole number >= 10');
  if (!Number.isInteger(options.warmup) || options.warmup < 0) throw new Error('--warmup must be a whole number >= 0');
  return options;
}

// ---------------------------------------------------------------------------------------------
// The sandbox: every settings path inside a temp directory, the workspaces trusted by file.

const TOOL_EVENT = JSON.stringify({ tool_name: 'run_shell_command', tool_input: { command: 'ls -la' } });
const OTHER_EVENT = JSON.stringify({ tool_name: 'read_file', tool_input: { file_path: 'README.md' } });
const ONE_GIB = 1024 * MiB;

const hook = (name, command, extra = {}) => ({ type: 'command', name, command, ...extra });

/** 20 hooks on events other than BeforeTool: what a real settings file carries besides the hook that runs. */
function otherHooks() {
  const events = ['AfterTool', 'BeforeAgent', 'AfterAgent', 'SessionStart', 'SessionEnd'];
  const hooks = {};
  for (let i = 0; i < 20; i++) {
    const event = events[i % events.length];
    (hooks[event] ??= []).push({ matcher: event.endsWith('Tool') ? 'write_file' : '', hooks: [hook(`other-${i}`, `echo other ${i}`)] });
  }
  return hooks;
}

/** Gemini CLI tools, for the 1,000-hook tree's matchers. */
const TOOLS = ['run_shell_command', 'write_file', 'replace', 'read_file', 'glob', 'grep_search', 'list_directory', 'web_fetch'];

/**
 * 1,000 hooks over every event, 4 per definition, with tool-name matchers where they apply: a valid
 * tree (each hook's script exists, each matcher names real tools), as CI checks it on every change.
 */
function thousandHooks() {
  const events = [
    'BeforeTool',
    'AfterTool',
    'BeforeAgent',
    'AfterAgent',
    'Notification',
    'SessionStart',
    'SessionEnd',
    'PreCompress',
    'BeforeModel',
    'AfterModel',
    'BeforeToolSelection',
  ];
  const hooks = {};
  for (let d = 0; d < 250; d++) {
    const event = events[d % events.length];
    const matcher = event.endsWith('Tool') ? `${TOOLS[d % TOOLS.length]}|${TOOLS[(d + 3) % TOOLS.length]}` : undefined;
    const definition = { ...(matcher ? { matcher } : {}), hooks: [] };
    for (let h = 0; h < 4; h++) {
      const n = d * 4 + h;
      definition.hooks.push(hook(`hook-${n}`, `$GEMINI_PROJECT_DIR/hooks/check-${n}.sh --strict`, { timeout: 30000, description: `check number ${n}` }));
    }
    (hooks[event] ??= []).push(definition);
  }
  return hooks;
}

function makeSandbox(options) {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookrun-bench-')));
  const home = path.join(root, 'home');
  fs.mkdirSync(home, { recursive: true });
  const workspaces = {};
  const workspace = (name, settings) => {
    const dir = path.join(root, name);
    fs.mkdirSync(path.join(dir, '.gemini'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.gemini', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
    workspaces[name] = dir;
    return dir;
  };
  const base = otherHooks();
  workspace('one', { hooks: { ...base, BeforeTool: [{ matcher: 'run_shell_command', hooks: [hook('allow-shell', 'true')] }] } });
  workspace('parallel', {
    hooks: { ...base, BeforeTool: [{ matcher: 'run_shell_command', hooks: Array.from({ length: 16 }, (_, i) => hook(`sleep-${i}`, `sleep 0.2 # ${i}`)) }] },
  });
  workspace('chain', {
    hooks: { ...base, BeforeTool: [{ matcher: 'run_shell_command', sequential: true, hooks: Array.from({ length: 8 }, (_, i) => hook(`step-${i}`, `true # ${i}`)) }] },
  });
  workspace('sleepy', { hooks: { ...base, BeforeTool: [{ matcher: 'run_shell_command', hooks: [hook('sleep', 'sleep 0.2')] }] } });
  workspace('thousand', { hooks: thousandHooks() });
  fs.mkdirSync(path.join(workspaces.thousand, 'hooks'));
  for (let n = 0; n < 1000; n++) fs.writeFileSync(path.join(workspaces.thousand, 'hooks', `check-${n}.sh`), `#!/bin/sh\nexit 0\n`, { mode: 0o755 });
  workspace('flood', { hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [hook('flood', `yes 'hookrun bench output line' | head -c ${ONE_GIB}`)] }] } });

  const trusted = Object.fromEntries(Object.values(workspaces).map((dir) => [dir, 'TRUST_FOLDER']));
  fs.writeFileSync(path.join(root, 'trustedFolders.json'), JSON.stringify(trusted, null, 2));

  // The baselines: what any Node program pays to hand an event to `bash -c` hooks (one, eight in a row, sixteen at once).
  // CommonJS, the cheaper way for Node to start a script: the floor, not a straw man.
  const spawnScript = (driver) => `const { spawn } = require('node:child_process');
const event = ${JSON.stringify(TOOL_EVENT)};
function once(command) {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], { stdio: ['pipe', 'pipe', 'pipe'] });
    let size = 0;
    child.stdout.on('data', (chunk) => { size += chunk.length; });
    child.stderr.on('data', (chunk) => { size += chunk.length; });
    child.stdin.on('error', () => {});
    child.stdin.end(event);
    child.on('close', (code) => resolve({ code, size }));
  });
}
${driver}.then(() => process.stdout.write('{}\\n'));
`;
  const sequential = (count, command) => `(async () => { for (let i = 0; i < ${count}; i++) await once(${JSON.stringify(command)}); })()`;
  // Target 2's reference: the work a run that matches nothing cannot skip (read the event, the four
  // settings layers and the trusted folders, match the event's definitions), in plain Node with no
  // checks, messages or libraries. How far hookrun is from it is what its machinery costs.
  const noMatchWork = path.join(root, 'no-match-work.cjs');
  fs.writeFileSync(
    noMatchWork,
    `const fs = require('node:fs');
const path = require('node:path');
const read = (file) => { try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch { return {}; } };
const event = JSON.parse(fs.readFileSync(0, 'utf8'));
const home = process.env.HOME;
const layers = [process.env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH, path.join(home, '.gemini', 'settings.json'), path.join(process.cwd(), '.gemini', 'settings.json'), process.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH].map(read);
const trusted = read(process.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH)[process.cwd()] === 'TRUST_FOLDER';
let matched = 0;
for (const layer of trusted ? layers : []) for (const definition of (layer.hooks && layer.hooks.BeforeTool) || []) if (!definition.matcher || new RegExp(definition.matcher).test(event.tool_name)) matched += 1;
fs.writeSync(1, matched === 0 ? '{}\\n' : '{"matched":' + matched + '}\\n');
`,
  );
  // The serve targets' floor: a resident Node loop that reads the same JSON-RPC line, spawns `bash -c true`
  // as the baseline scripts do, and answers one line: what an agent that runs its hooks in-process pays.
  // It is scripts/serve-loop.cjs with no switch (its switches add one thing serve does each, docs/perf.md).
  const baselineServe = path.join(root, 'baseline-serve-loop.cjs');
  fs.copyFileSync(path.join(REPO, 'scripts', 'serve-loop.cjs'), baselineServe);
  // Target serve 2's reference: the same round trip with no work at all (read the line, answer it).
  const echoServe = path.join(root, 'echo-serve-loop.cjs');
  fs.writeFileSync(
    echoServe,
    `let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk;
  for (let nl = pending.indexOf('\\n'); nl !== -1; nl = pending.indexOf('\\n')) {
    const request = JSON.parse(pending.slice(0, nl));
    pending = pending.slice(nl + 1);
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { exitCode: 0, outcome: 'proceed', output: {} } }) + '\\n');
  }
});
`,
  );
  const baseline1 = path.join(root, 'baseline-spawn-1.cjs');
  const baseline8 = path.join(root, 'baseline-spawn-8.cjs');
  const baseline16 = path.join(root, 'baseline-parallel-16.cjs');
  const baselineFlood = path.join(root, 'baseline-flood.cjs');
  fs.writeFileSync(baseline1, spawnScript(sequential(1, 'true')));
  fs.writeFileSync(baseline8, spawnScript(sequential(8, 'true')));
  fs.writeFileSync(baseline16, spawnScript("Promise.all(Array.from({ length: 16 }, (_, i) => once('sleep 0.2 # ' + i)))"));
  fs.writeFileSync(baselineFlood, spawnScript(sequential(1, `yes 'hookrun bench output line' | head -c ${ONE_GIB}`)));

  // Peak RSS, read by the measured process itself as it exits (VmHWM is the high-water mark).
  const rssProbe = path.join(root, 'rss-probe.cjs');
  fs.writeFileSync(
    rssProbe,
    `process.on('exit', () => {
  const m = /VmHWM:\\s+(\\d+) kB/.exec(require('fs').readFileSync('/proc/self/status', 'utf8'));
  if (m && process.env.BENCH_RSS_FILE) require('fs').writeFileSync(process.env.BENCH_RSS_FILE, m[1]);
});\n`,
  );

  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(root, 'etc', 'settings.json'),
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: path.join(root, 'etc', 'system-defaults.json'),
    GEMINI_CLI_TRUSTED_FOLDERS_PATH: path.join(root, 'trustedFolders.json'),
  };
  // The workspaces' project hooks are trusted the way a user would trust them, so that the default
  // hook-trust policy ("block") runs them instead of holding them back. The 1,000-hook tree is trusted
  // under a home of its own: its fingerprints and script hashes in the shared trust files would
  // otherwise be read by every run of the other targets.
  const validateEnv = { ...env, HOME: path.join(root, 'home-validate') };
  fs.mkdirSync(validateEnv.HOME);
  for (const [name, dir] of Object.entries(workspaces)) {
    const trustEnv = name === 'thousand' ? validateEnv : env;
    const trust = spawnSync(process.execPath, [options.bin, 'trust', '--hooks', '-C', dir], { env: trustEnv, encoding: 'utf8' });
    if (trust.status !== 0) throw new Error(`hookrun trust --hooks -C ${dir}: exit ${trust.status}\n${trust.stdout}${trust.stderr}`);
  }
  fs.writeFileSync(
    path.join(root, 'env.sh'),
    Object.entries(env)
      .map(([k, v]) => `export ${k}='${v}'\n`)
      .join(''),
  );
  return { root, workspaces, env, validateEnv, noMatchWork, baselineServe, echoServe, baseline1, baseline8, baseline16, baselineFlood, rssProbe };
}

// ---------------------------------------------------------------------------------------------
// Running one command: wall time from spawn to close, stdin written, stdout and stderr drained.

/**
 * @typedef {{ label: string, argv: string[], cwd?: string, input?: string, env?: Record<string, string>, expectExit?: number[], rss?: boolean, hooksRun?: number }} Cmd
 */

/**
 * CPU time (user + system, ms) of every child this process has reaped, from /proc/self/stat (cutime,
 * cstime). In clock ticks (10 ms), so only a sum over many runs is meaningful: a load-insensitive
 * companion to wall time on a busy machine.
 */
function childCpuMs() {
  if (process.platform !== 'linux') return undefined;
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

function runOnce(cmd, sandbox, { fullStdout = false } = {}) {
  return new Promise((resolve, reject) => {
    const cpuBefore = childCpuMs();
    const rssFile = cmd.rss ? path.join(sandbox.root, `rss-${process.hrtime.bigint()}`) : undefined;
    const argv = cmd.rss ? [cmd.argv[0], '-r', sandbox.rssProbe, ...cmd.argv.slice(1)] : cmd.argv;
    const base = cmd.env ?? sandbox.env;
    const env = rssFile ? { ...base, BENCH_RSS_FILE: rssFile } : base;
    const started = process.hrtime.bigint();
    const child = spawn(argv[0], argv.slice(1), { cwd: cmd.cwd ?? sandbox.root, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let stdoutBytes = 0;
    child.stdout.on('data', (chunk) => {
      stdoutBytes += chunk.length;
      if (fullStdout) stdout += chunk;
      else if (stdout.length < 4096) stdout += chunk.toString('utf8', 0, Math.min(chunk.length, 4096));
    });
    child.stderr.on('data', (chunk) => {
      if (stderr.length < 16384) stderr += chunk;
    });
    child.stdin.on('error', () => {});
    child.stdin.end(cmd.input ?? '');
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const allowed = cmd.expectExit ?? [0];
      if (!allowed.includes(code)) {
        reject(new Error(`${cmd.label}: exit ${code ?? signal} (expected ${allowed.join(' or ')})\n$ ${argv.join(' ')}\n${stdout}\n${stderr}`));
        return;
      }
      let rssKiB;
      if (rssFile) {
        rssKiB = Number(fs.readFileSync(rssFile, 'utf8'));
        fs.rmSync(rssFile);
      }
      const cpuAfter = childCpuMs();
      resolve({ ms, rssKiB, stdoutBytes, stdout, cpuMs: cpuAfter === undefined ? undefined : cpuAfter - cpuBefore });
    });
  });
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { min: sorted[0], median, max: sorted[sorted.length - 1], n: sorted.length };
}

/**
 * A timing means nothing if the command did not do the work: each `hookrun run` command is run once
 * with `--json` (instead of `-q`) and must have started exactly `hooksRun` hooks, none held back.
 */
async function checkWork(cmd, sandbox) {
  if (cmd.hooksRun === undefined) return;
  const argv = cmd.argv.map((arg) => (arg === '-q' ? '--json' : arg));
  const { stdout } = await runOnce({ ...cmd, argv, rss: false }, sandbox, { fullStdout: true });
  const results = JSON.parse(stdout).results;
  const started = results.filter((result) => !result.heldBack).length;
  if (started !== cmd.hooksRun || started !== results.length) {
    throw new Error(`${cmd.label}: started ${started} of ${results.length} planned hook(s), expected ${cmd.hooksRun}\n$ ${argv.join(' ')}`);
  }
}

/** Runs the commands round-robin (A B A B …): warm-up rounds first, then `runs` measured rounds. */
async function interleave(cmds, sandbox, { runs, warmup }, metric = 'ms') {
  for (const cmd of cmds) await checkWork(cmd, sandbox);
  const samples = cmds.map(() => []);
  const cpu = cmds.map(() => 0);
  for (let round = 0; round < warmup + runs; round++) {
    for (let i = 0; i < cmds.length; i++) {
      const result = await runOnce(cmds[i], sandbox);
      if (round < warmup) continue;
      samples[i].push(metric === 'rss' ? result.rssKiB / 1024 : result.ms);
      cpu[i] += result.cpuMs ?? NaN;
    }
  }
  return cmds.map((cmd, i) => ({ label: cmd.label, command: display(cmd, sandbox), ...stats(samples[i]), cpuMean: cpu[i] / runs }));
}

function display(cmd, sandbox) {
  const shown = cmd.argv.map((arg) => (arg.startsWith(sandbox.root) ? `$SANDBOX${arg.slice(sandbox.root.length)}` : arg));
  const stdin = cmd.input ? ` <<< '${cmd.input.length > 60 ? `${cmd.input.slice(0, 57)}...` : cmd.input}'` : '';
  const where = cmd.cwd ? ` (in ${cmd.cwd.replace(sandbox.root, '$SANDBOX')})` : '';
  return `${shown.map((a) => (/^[\w@%+=:,./$-]+$/.test(a) ? a : `'${a}'`)).join(' ')}${stdin}${where}`;
}

// ---------------------------------------------------------------------------------------------
// Resident servers (`hookrun serve` and its floor): started once, then timed per request, from the
// write of the request line to the read of its answer line.

/** @typedef {{ label: string, argv: string[], cwd?: string, env?: Record<string, string> }} ServerCmd */

function startServer(cmd, sandbox) {
  const child = spawn(cmd.argv[0], cmd.argv.slice(1), { cwd: cmd.cwd ?? sandbox.root, env: cmd.env ?? sandbox.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let pending = '';
  let stderr = '';
  const waiting = new Map();
  child.stdout.setEncoding('utf8').on('data', (text) => {
    pending += text;
    for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
      const answer = JSON.parse(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
      const resolve = waiting.get(answer.id);
      waiting.delete(answer.id);
      resolve?.(answer);
    }
  });
  child.stderr.on('data', (chunk) => {
    if (stderr.length < 16384) stderr += chunk;
  });
  let next = 0;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    cmd,
    pid: child.pid,
    /** Sends these requests at once; resolves with the wall time until every answer has come, and the answers. */
    async ask(requests) {
      const started = process.hrtime.bigint();
      const answers = Promise.all(
        requests.map((request) => {
          const id = ++next;
          const line = `${JSON.stringify({ jsonrpc: '2.0', id, ...request })}\n`;
          const answer = new Promise((resolve) => waiting.set(id, resolve));
          child.stdin.write(line);
          return answer;
        }),
      );
      const result = await answers;
      for (const answer of result) if (answer.error) throw new Error(`${cmd.label}: ${answer.error.message}\n${stderr}`);
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, answers: result };
    },
    rssKiB: () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]),
    async close() {
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`${cmd.label}: exit ${code}\n${stderr}`);
    },
  };
}

/** Requests per run of the sequential serve targets (7, 8): 15 runs give 300 samples, as scripts/serve-ab.cjs takes. */
const SERVE_SAMPLES_PER_RUN = 20;

/** A `run` request of the serve targets: BeforeTool with this event on stdin-equivalent params. */
const runRequest = (eventJson, options) => ({ method: 'run', params: { event: 'BeforeTool', input: JSON.parse(eventJson), ...(options ? { options } : {}) } });

/**
 * Like interleave, for servers: each entry's requests are sent round-robin (A B A B …) to servers started
 * once, after warm-up rounds. `hooksRun`: a first request with `report: true` must have started that many hooks.
 * `perRun`: samples per run, for targets whose one sample is a single request of a few milliseconds (a median
 * of 15 of those moves by more than the gaps being measured).
 */
async function interleaveServers(entries, sandbox, { runs, warmup }, perRun = 1) {
  const servers = entries.map((entry) => startServer(entry.server, sandbox));
  try {
    for (const [i, entry] of entries.entries()) {
      if (entry.hooksRun === undefined) continue;
      const { answers } = await servers[i].ask([runRequest(entry.event, { report: true })]);
      const results = answers[0].result.report.results;
      const started = results.filter((result) => !result.heldBack).length;
      if (started !== entry.hooksRun || started !== results.length)
        throw new Error(`${entry.label}: started ${started} of ${results.length} planned hook(s), expected ${entry.hooksRun}`);
    }
    const samples = entries.map(() => []);
    for (let round = 0; round < (warmup * 5 + runs) * perRun; round++) {
      for (const [i, entry] of entries.entries()) {
        const { ms } = await servers[i].ask(Array.from({ length: entry.count ?? 1 }, () => runRequest(entry.event)));
        if (round >= warmup * 5 * perRun) samples[i].push(ms);
      }
    }
    for (const server of servers) await server.close();
    return entries.map((entry, i) => ({
      label: entry.label,
      command: `${display(entry.server, sandbox)}, ${entry.count ?? 1} × ${JSON.stringify(runRequest(entry.event)).slice(0, 60)}...`,
      ...stats(samples[i]),
      cpuMean: NaN,
    }));
  } finally {
    for (const server of servers) server.close().catch(() => {});
  }
}

function serveCmd(options, sandbox, label, workspace) {
  return { label, argv: [process.execPath, options.bin, 'serve', '-C', sandbox.workspaces[workspace]] };
}

// ---------------------------------------------------------------------------------------------
// The six targets.

function hookrunCmd(options, label, args, extra = {}) {
  return { label, argv: [process.execPath, options.bin, ...args], ...extra };
}

/** Whether this build has the `validate` command (it lists it in its help). */
async function supportsValidate(options, sandbox) {
  const { stdout } = await runOnce(hookrunCmd(options, 'probe', ['--help']), sandbox);
  return /^\s+validate\b/m.test(stdout);
}

function median(rows, label) {
  return rows.find((row) => row.label === label).median;
}

function cpu(rows, label) {
  return rows.find((row) => row.label === label).cpuMean;
}

const TARGETS = [
  {
    id: 1,
    title: 'BeforeTool, one matching hook `true`, 20 hooks on other events',
    target: 1.25,
    async run(options, sandbox) {
      const rows = await interleave(
        [
          hookrunCmd(options, 'A: hookrun', ['run', 'BeforeTool', '-q'], { cwd: sandbox.workspaces.one, input: TOOL_EVENT, hooksRun: 1 }),
          { label: 'B: baseline', argv: [process.execPath, sandbox.baseline1], input: TOOL_EVENT },
        ],
        sandbox,
        options,
      );
      const ratio = median(rows, 'A: hookrun') / median(rows, 'B: baseline');
      const cpuRatio = cpu(rows, 'A: hookrun') / cpu(rows, 'B: baseline');
      return { rows, ratio, cpuRatio, formula: 'median(A) / median(B)' };
    },
  },
  {
    id: 2,
    title: 'an event that matches no hook',
    target: 1.1,
    async run(options, sandbox) {
      const rows = await interleave(
        [
          hookrunCmd(options, 'A: hookrun', ['run', 'BeforeTool', '-q'], { cwd: sandbox.workspaces.one, input: OTHER_EVENT, hooksRun: 0 }),
          { label: 'B: node -e 0', argv: [process.execPath, '-e', '0'] },
          { label: 'R: the same work, plain Node', argv: [process.execPath, sandbox.noMatchWork], cwd: sandbox.workspaces.one, input: OTHER_EVENT },
        ],
        sandbox,
        options,
      );
      const ratio = median(rows, 'A: hookrun') / median(rows, 'B: node -e 0');
      const cpuRatio = cpu(rows, 'A: hookrun') / cpu(rows, 'B: node -e 0');
      const work = median(rows, 'R: the same work, plain Node') / median(rows, 'B: node -e 0');
      const note = `R (read the event, the settings layers and the trusted folders; match; print) against B: ratio ${work.toFixed(3)}; what hookrun adds above R is its machinery`;
      return { rows, ratio, cpuRatio, formula: 'median(A) / median(B)', note };
    },
  },
  {
    id: 3,
    title: '16 parallel hooks that each sleep 0.2 s',
    target: 1.15,
    async run(options, sandbox) {
      const rows = await interleave(
        [
          hookrunCmd(options, 'A: hookrun, 16 sleeps', ['run', 'BeforeTool', '-q'], { cwd: sandbox.workspaces.parallel, input: TOOL_EVENT, hooksRun: 16 }),
          hookrunCmd(options, 'T1: hookrun, one `true`', ['run', 'BeforeTool', '-q'], { cwd: sandbox.workspaces.one, input: TOOL_EVENT, hooksRun: 1 }),
          { label: 'B16: Node script, same 16 in parallel', argv: [process.execPath, sandbox.baseline16], input: TOOL_EVENT },
        ],
        sandbox,
        options,
      );
      const ratio = median(rows, 'A: hookrun, 16 sleeps') / (200 + median(rows, 'T1: hookrun, one `true`'));
      // Node's spawn is synchronous (fork, then wait for the exec): 16 spawns cost even a bare script.
      const floor = median(rows, 'A: hookrun, 16 sleeps') / median(rows, 'B16: Node script, same 16 in parallel');
      return {
        rows,
        ratio,
        formula: 'median(A) / (200 ms + median(T1))',
        note: `against B16, a bare Node script spawning the same 16 hooks in parallel: ratio ${floor.toFixed(3)}`,
      };
    },
  },
  {
    id: 4,
    title: 'a sequential chain of 8 `true` hooks',
    target: 1,
    async run(options, sandbox) {
      const rows = await interleave(
        [
          hookrunCmd(options, 'A: hookrun, chain of 8', ['run', 'BeforeTool', '-q'], { cwd: sandbox.workspaces.chain, input: TOOL_EVENT, hooksRun: 8 }),
          hookrunCmd(options, 'T1: hookrun, one `true`', ['run', 'BeforeTool', '-q'], { cwd: sandbox.workspaces.one, input: TOOL_EVENT, hooksRun: 1 }),
          { label: 'B8: baseline, 8 spawns', argv: [process.execPath, sandbox.baseline8], input: TOOL_EVENT },
          { label: 'B1: baseline, 1 spawn', argv: [process.execPath, sandbox.baseline1], input: TOOL_EVENT },
        ],
        sandbox,
        options,
      );
      // One spawn costs (B8 - B1) / 7; target 1's overhead is T1 minus one spawn; so the budget is T1 + 7 spawns.
      const spawn = (median(rows, 'B8: baseline, 8 spawns') - median(rows, 'B1: baseline, 1 spawn')) / 7;
      const budget = median(rows, 'T1: hookrun, one `true`') + 7 * spawn;
      const ratio = median(rows, 'A: hookrun, chain of 8') / budget;
      const cpuBudget = cpu(rows, 'T1: hookrun, one `true`') + cpu(rows, 'B8: baseline, 8 spawns') - cpu(rows, 'B1: baseline, 1 spawn');
      const cpuRatio = cpu(rows, 'A: hookrun, chain of 8') / cpuBudget;
      return { rows, ratio, cpuRatio, formula: `median(A) / (median(T1) + 7 × spawn), spawn = (B8 − B1) / 7 = ${spawn.toFixed(1)} ms` };
    },
  },
  {
    id: 5,
    title: '`hookrun validate` on a settings tree with 1,000 hooks',
    target: 1.5,
    async run(options, sandbox) {
      const file = path.join(sandbox.workspaces.thousand, '.gemini', 'settings.json');
      const text = fs.readFileSync(file, 'utf8');
      const parseTimes = [];
      for (let i = 0; i < 50; i++) {
        const started = process.hrtime.bigint();
        JSON.parse(text);
        parseTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      const parse = stats(parseTimes).median;
      const validate = await supportsValidate(options, sandbox);
      const args = validate
        ? ['validate', '-C', sandbox.workspaces.thousand]
        : ['run', 'BeforeTool', '--tool', 'bench_no_match', '--dry-run', '-q', '-C', sandbox.workspaces.thousand];
      const rows = await interleave(
        [
          // The tree is valid: validate must exit 0 (a finding would mean the bench measures something else).
          hookrunCmd(options, validate ? 'A: hookrun validate' : 'A: hookrun run --dry-run (stand-in)', args, { input: '{}', expectExit: [0], env: sandbox.validateEnv }),
          { label: 'B: node -e 0', argv: [process.execPath, '-e', '0'] },
        ],
        sandbox,
        options,
      );
      const labelA = rows[0].label;
      const ratio = median(rows, labelA) / (median(rows, 'B: node -e 0') + parse);
      const cpuRatio = cpu(rows, labelA) / (cpu(rows, 'B: node -e 0') + parse);
      const note = validate
        ? undefined
        : 'this build has no `validate` command: the stand-in loads, validates and registers the same 1,000 hooks, then plans an event none of them matches';
      return { rows, ratio, cpuRatio, formula: `median(A) / (median(B) + JSON.parse of the file = ${parse.toFixed(2)} ms, ${(text.length / 1024).toFixed(0)} KiB)`, note };
    },
  },
  {
    id: 6,
    title: 'a hook printing 1 GiB: peak RSS (MiB)',
    target: 1,
    metric: 'rss',
    async run(options, sandbox) {
      if (process.platform !== 'linux') return { skipped: 'peak RSS is read from /proc (Linux only)' };
      const rows = await interleave(
        [
          hookrunCmd(options, 'A: hookrun', ['run', 'BeforeTool', '-q'], { cwd: sandbox.workspaces.flood, input: TOOL_EVENT, rss: true, hooksRun: 1 }),
          { label: 'B: baseline, reads and drops 1 GiB', argv: [process.execPath, sandbox.baselineFlood], input: TOOL_EVENT, rss: true },
        ],
        sandbox,
        options,
        'rss',
      );
      const ratio = median(rows, 'A: hookrun') / 150;
      return { rows, ratio, formula: 'median(A peak RSS) / 150 MiB' };
    },
  },
  // Issue 14: `hookrun serve`, the resident process an agent starts once per session.
  {
    id: 7,
    title: 'serve 1: one matching `true` hook, sequential request/answer, per event, against a loop with the same process safety',
    target: 1.1,
    async run(options, sandbox) {
      const rows = await interleaveServers(
        [
          { label: 'A: hookrun serve', server: serveCmd(options, sandbox, 'hookrun serve', 'one'), event: TOOL_EVENT, hooksRun: 1 },
          { label: 'B: resident Node loop', server: { label: 'baseline loop', argv: [process.execPath, sandbox.baselineServe] }, event: TOOL_EVENT },
          // The same loop with the process safety hookrun gives every hook (scripts/serve-loop.cjs --safe):
          // its own session and process group, a sanitised environment, waiting for exit and both pipes.
          { label: 'C: resident loop, same process safety', server: { label: 'safe loop', argv: [process.execPath, sandbox.baselineServe, '--safe'] }, event: TOOL_EVENT },
        ],
        sandbox,
        options,
        SERVE_SAMPLES_PER_RUN,
      );
      const bare = median(rows, 'A: hookrun serve') / median(rows, 'B: resident Node loop');
      return {
        rows,
        ratio: median(rows, 'A: hookrun serve') / median(rows, 'C: resident loop, same process safety'),
        formula: `median(A) / median(C), ${SERVE_SAMPLES_PER_RUN} requests per run; against the bare loop B: ${bare.toFixed(3)}`,
      };
    },
  },
  {
    id: 8,
    title: 'serve 2: an event no hook matches, per request (budget 2 ms)',
    target: 1,
    async run(options, sandbox) {
      const rows = await interleaveServers(
        [
          { label: 'A: hookrun serve, no match', server: serveCmd(options, sandbox, 'hookrun serve', 'one'), event: OTHER_EVENT, hooksRun: 0 },
          { label: 'E: resident echo loop', server: { label: 'echo loop', argv: [process.execPath, sandbox.echoServe] }, event: OTHER_EVENT },
        ],
        sandbox,
        options,
        SERVE_SAMPLES_PER_RUN,
      );
      const above = median(rows, 'A: hookrun serve, no match') - median(rows, 'E: resident echo loop');
      const note = `E answers each line at once, with no work: the round trip between two processes on this machine now; hookrun's own work is A − E = ${above.toFixed(2)} ms`;
      return { rows, ratio: median(rows, 'A: hookrun serve, no match') / 2, formula: `median(A) / 2 ms, ${SERVE_SAMPLES_PER_RUN} requests per run`, note };
    },
  },
  {
    id: 9,
    title: 'serve 3: 16 events sent at once, each with one 0.2 s hook, until all are answered',
    target: 1,
    async run(options, sandbox) {
      const rows = await interleaveServers(
        [
          { label: 'A: hookrun serve, 16 at once', server: serveCmd(options, sandbox, 'hookrun serve', 'sleepy'), event: TOOL_EVENT, count: 16, hooksRun: 1 },
          { label: 'T1: hookrun serve, one `true`', server: serveCmd(options, sandbox, 'hookrun serve', 'one'), event: TOOL_EVENT, hooksRun: 1 },
        ],
        sandbox,
        options,
      );
      const t1 = median(rows, 'T1: hookrun serve, one `true`');
      const budget = 1.3 * 200 + 16 * t1;
      return { rows, ratio: median(rows, 'A: hookrun serve, 16 at once') / budget, formula: `median(A) / (1.3 × 200 ms + 16 × median(T1)) = median(A) / ${budget.toFixed(1)} ms` };
    },
  },
  {
    id: 10,
    title: 'serve 4: RSS after 10,000 events against after 100 (every 10th event runs its `true` hook)',
    target: 1.2,
    metric: 'rss',
    async run(options, sandbox) {
      if (process.platform !== 'linux') return { skipped: 'RSS is read from /proc (Linux only)' };
      const event = (n) => runRequest(n % 10 === 0 ? TOOL_EVENT : OTHER_EVENT);
      const measure = async (cmd) => {
        const server = startServer(cmd, sandbox);
        const rss = {};
        let sent = 0;
        // Four at a time, as an agent with parallel tool calls would send them; the order of answers does not matter here.
        for (const mark of [100, 1000, 10000]) {
          while (sent < mark) {
            const batch = Math.min(4, mark - sent);
            await server.ask(Array.from({ length: batch }, (_, i) => event(sent + i)));
            sent += batch;
          }
          rss[mark] = server.rssKiB() / 1024;
        }
        await server.close();
        return rss;
      };
      const plain = serveCmd(options, sandbox, 'hookrun serve', 'one');
      // The same server with V8's young generation held at 1 MiB: what is left is growth per event, if any.
      const small = { ...plain, argv: [plain.argv[0], '--max-semi-space-size=1', ...plain.argv.slice(1)] };
      const rss = await measure(plain);
      const rssSmall = await measure(small);
      const row = (label, cmd, value) => ({ label, command: display(cmd, sandbox), min: value, median: value, max: value, n: 1, cpuMean: NaN });
      const rows = [
        row('A: after 100 events', plain, rss[100]),
        row('A: after 1,000 events', plain, rss[1000]),
        row('A: after 10,000 events', plain, rss[10000]),
        row('S: after 100 events, 1 MiB semi-space', small, rssSmall[100]),
        row('S: after 10,000 events, 1 MiB semi-space', small, rssSmall[10000]),
      ];
      const note = `A from 1,000 to 10,000 events: ${(rss[10000] / rss[1000]).toFixed(3)}; S (NODE_OPTIONS=--max-semi-space-size=1) after 10,000 / after 100: ${(rssSmall[10000] / rssSmall[100]).toFixed(3)}`;
      return { rows, ratio: rss[10000] / rss[100], formula: 'A: RSS after 10,000 / RSS after 100', note };
    },
  },
  {
    id: 11,
    title: 'serve 5: no regression of the CLI, and loading the library',
    target: 1,
    async run(options, sandbox) {
      const packageDir = path.dirname(path.dirname(options.bin));
      const rows = await interleave(
        [
          hookrunCmd(options, 'A1: hookrun run, one hook', ['run', 'BeforeTool', '-q'], { cwd: sandbox.workspaces.one, input: TOOL_EVENT, hooksRun: 1 }),
          { label: 'B1: baseline spawning script', argv: [process.execPath, sandbox.baseline1], input: TOOL_EVENT },
          hookrunCmd(options, 'A2: hookrun run, no match', ['run', 'BeforeTool', '-q'], { cwd: sandbox.workspaces.one, input: OTHER_EVENT, hooksRun: 0 }),
          {
            label: 'A3: node -e "import(\'hookrun\')"',
            argv: [process.execPath, '-e', "import('hookrun').then((m) => { if (typeof m.runEvent !== 'function') process.exit(3); })"],
            cwd: packageDir,
          },
          { label: 'B: node -e 0', argv: [process.execPath, '-e', '0'] },
        ],
        sandbox,
        options,
      );
      const one = median(rows, 'A1: hookrun run, one hook') / median(rows, 'B1: baseline spawning script');
      const none = median(rows, 'A2: hookrun run, no match') / median(rows, 'B: node -e 0');
      const library = median(rows, 'A3: node -e "import(\'hookrun\')"') / median(rows, 'B: node -e 0');
      // One ratio against 1: the worst of the three, each over its own target.
      const ratio = Math.max(one / 1.25, none / 1.45, library / 1.3);
      const note = `run, one hook: A1/B1 = ${one.toFixed(3)} (<= 1.25); run, no match: A2/B = ${none.toFixed(3)} (<= 1.45); import('hookrun'): A3/B = ${library.toFixed(3)} (<= 1.3)`;
      return { rows, ratio, formula: 'the largest of A1/B1 ÷ 1.25, A2/B ÷ 1.45, A3/B ÷ 1.3', note };
    },
  },
];

// ---------------------------------------------------------------------------------------------

function machine() {
  const [l1, l5, l15] = os.loadavg().map((x) => x.toFixed(2));
  return { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', platform: `${process.platform} ${os.release()}`, load: `${l1} ${l5} ${l15}` };
}

function formatRow(row, unit) {
  const f = (x) => x.toFixed(1).padStart(8);
  const cpu = Number.isNaN(row.cpuMean) ? '' : `${row.cpuMean.toFixed(0).padStart(8)}`;
  return `  ${row.label.padEnd(38)} ${f(row.min)} ${f(row.median)} ${f(row.max)}  ${unit.padEnd(3)} ${cpu}\n      $ ${row.command}`;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(options.bin)) throw new Error(`${options.bin} not found (run \`npm run build\` first)`);
  const sandbox = makeSandbox(options);
  const before = machine();
  const results = [];
  try {
    if (!options.json) {
      console.log(`hookrun bench: ${options.runs} interleaved runs per command after ${options.warmup} warm-up round(s)`);
      console.log(`node ${before.node}, ${before.cpus} CPU(s) (${before.cpuModel}), ${before.platform}, load average ${before.load}`);
      console.log(`bin: ${path.relative(process.cwd(), options.bin) || options.bin}; $SANDBOX = ${sandbox.root}\n`);
    }
    for (const target of TARGETS) {
      if (options.only && !options.only.has(target.id)) continue;
      const result = await target.run(options, sandbox);
      results.push({ id: target.id, title: target.title, target: target.target, ...result });
      if (options.json) continue;
      console.log(`${target.id}. ${target.title}`);
      if (result.skipped) {
        console.log(`  skipped: ${result.skipped}\n`);
        continue;
      }
      const unit = target.metric === 'rss' ? 'MiB' : 'ms';
      console.log(`  ${''.padEnd(38)} ${'min'.padStart(8)} ${'median'.padStart(8)} ${'max'.padStart(8)}      ${'cpu ms'.padStart(8)}`);
      for (const row of result.rows) console.log(formatRow(row, unit));
      const verdict = result.ratio <= target.target ? 'met' : 'missed';
      console.log(`  ratio ${result.ratio.toFixed(3)} (target <= ${target.target}): ${verdict}; ${result.formula}`);
      if (result.cpuRatio !== undefined && !Number.isNaN(result.cpuRatio))
        console.log(`  same ratio on CPU time (mean user+sys per run, whole process tree): ${result.cpuRatio.toFixed(3)}`);
      if (result.note) console.log(`  note: ${result.note}`);
      console.log('');
    }
    const after = machine();
    if (options.json) console.log(JSON.stringify({ machine: before, loadAfter: after.load, results }, null, 2));
    else console.log(`load average after: ${after.load}`);
  } finally {
    if (options.keep) console.error(`sandbox kept: ${sandbox.root} (environment in ${path.join(sandbox.root, 'env.sh')})`);
    else fs.rmSync(sandbox.root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
});
