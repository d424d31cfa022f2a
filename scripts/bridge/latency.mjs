// What the bridge adds to each tool call in the real host: one run of 50 shell tool calls (`true`) per setup, all
// in one invocation, the fake model's arrival times giving each call's time (from the model's answer asking for
// the tool to the next request carrying its result: the host's own work, the plugin, hookrun serve, the hooks).
// Setups: no plugin; a plugin with the same host hooks that do nothing (what any plugin costs in that host: the
// driver's noopPlugin); the bridge with no hooks configured (its own cost); the bridge with one Claude-format
// PreToolUse guard and one PostToolUse hook (what a user pays with hooks). Medians and p90, in ms.
// With --rounds R the setups take turns R times (a slow spell of the machine then falls on all of them) and each
// setup's calls are pooled. Last, the bridge's own two requests per call are timed inside the host's runtime
// (round-trip.mjs), apart from the host's noise.
// Usage: node scripts/bridge/latency.mjs [host…] [--calls N] [--rounds R]
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { writeTree } from '../agents/tree.mjs';
import { HOSTS, hostDir, loadDriver, prepare, reexecIsolated, runPrepared } from './run-host.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args.splice(at, 2)[1]);
};
const calls = option('--calls', 50);
const rounds = option('--rounds', 1);
const hosts = args.length > 0 ? args : HOSTS;

const hook = (command) => ({ hooks: [{ type: 'command', command }] });
const SETUPS = [
  { name: 'no plugin', bridge: false, settings: {} },
  { name: 'do-nothing plugin', bridge: false, noop: true, settings: {} },
  { name: 'plugin, no hooks', settings: {} },
  {
    name: 'plugin, 2 hooks',
    settings: {
      hooks: { PreToolUse: [{ matcher: 'Bash', ...hook(`case "$(cat)" in *'rm -rf'*) exit 2;; esac`) }], PostToolUse: [{ matcher: 'Bash', ...hook('cat > /dev/null') }] },
    },
  },
];

for (const name of hosts) hostDir(await loadDriver(name)); // installed outside the namespace (the registry is needed)
const status = reexecIsolated();
if (status !== undefined) process.exit(status);

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

for (const name of hosts) {
  const driver = await loadDriver(name);
  const dir = hostDir(driver);
  const pooled = SETUPS.map(() => ({ gaps: [], runs: [] }));
  for (let round = 0; round < rounds; round++)
    for (const [i, setup] of SETUPS.entries()) {
      const prepared = await prepare(driver, { settings: setup.settings, bridge: setup.bridge !== false });
      if (setup.noop) await writeTree(prepared.ws, { [driver.noopPlugin.file]: driver.noopPlugin.text }, prepared.root);
      try {
        const result = await runPrepared(driver, dir, prepared, { steps: Array.from({ length: calls }, () => 'true') });
        const times = result.scripted.map((r) => r.at);
        const gaps = times.slice(1).map((t, i) => t - times[i]);
        if (gaps.length !== calls)
          throw new Error(`${driver.label}, ${setup.name}: ${gaps.length} tool calls seen, not ${calls} (exit ${result.run.exitCode}): ${result.run.stderr.slice(-500)}`);
        pooled[i].gaps.push(...gaps);
        pooled[i].runs.push(result.run.ms);
      } finally {
        await rm(prepared.root, { recursive: true, force: true });
      }
    }
  const rows = SETUPS.map((setup, i) => {
    const gaps = pooled[i].gaps.sort((a, b) => a - b);
    return { setup: setup.name, median: quantile(gaps, 0.5), p90: quantile(gaps, 0.9), run: pooled[i].runs.join('/') };
  });
  // The runtime's two requests per call, timed inside the host's own runtime, apart from the host's noise.
  const project = await prepare(driver, { settings: {}, bridge: false });
  const runtime = driver.bun ? [driver.bin(dir)] : [process.execPath];
  const measured = spawnSync(runtime[0], [path.join(import.meta.dirname, 'round-trip.mjs'), project.ws, String(calls)], {
    env: { ...project.env, BUN_BE_BUN: '1', HOOKRUN_NODE: process.execPath },
    encoding: 'utf8',
  });
  await rm(project.root, { recursive: true, force: true });
  if (measured.status !== 0) throw new Error(`round-trip.mjs under ${runtime[0]}: exit ${measured.status}: ${measured.stderr}`);
  const trip = JSON.parse(measured.stdout);
  const base = rows[0].median;
  console.log(`${driver.label} ${driver.version}: per tool call, ${calls} calls per setup${rounds > 1 ? ` in each of ${rounds} rounds` : ''}`);
  for (const row of rows) {
    const added = row === rows[0] ? '' : `  (${row.median >= base ? '+' : ''}${row.median - base} ms)`;
    console.log(`  ${row.setup.padEnd(20)} median ${String(row.median).padStart(4)} ms  p90 ${String(row.p90).padStart(4)} ms  whole run ${row.run} ms${added}`);
  }
  console.log(`  the bridge's two requests per call, inside ${trip.runtime}: median ${trip.median.toFixed(1)} ms, p90 ${trip.p90.toFixed(1)} ms`);
}
