// What the bridge adds to each tool call in the real host: one run of 50 shell tool calls (`true`) per setup, all
// in one invocation, the fake model's arrival times giving each call's time (from the model's answer asking for
// the tool to the next request carrying its result: the host's own work, the plugin, hookrun serve, the hooks).
// Setups: no plugin; a plugin with the same host hooks that do nothing (what any plugin costs in that host: the
// driver's noopPlugin); the bridge with no hooks configured (its own cost); the bridge with one Claude-format
// PreToolUse guard and one PostToolUse hook (what a user pays with hooks). Medians and p90, in ms.
// Usage: node scripts/bridge/latency.mjs [host…] [--calls N]
import { rm } from 'node:fs/promises';
import { writeTree } from '../agents/tree.mjs';
import { HOSTS, hostDir, loadDriver, prepare, reexecIsolated, runPrepared } from './run-host.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--calls');
const calls = at === -1 ? 50 : Number(args.splice(at, 2)[1]);
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
  const rows = [];
  for (const setup of SETUPS) {
    const prepared = await prepare(driver, { settings: setup.settings, bridge: setup.bridge !== false });
    if (setup.noop) await writeTree(prepared.ws, { [driver.noopPlugin.file]: driver.noopPlugin.text }, prepared.root);
    try {
      const result = await runPrepared(driver, dir, prepared, { steps: Array.from({ length: calls }, () => 'true') });
      const times = result.scripted.map((r) => r.at);
      const gaps = times
        .slice(1)
        .map((t, i) => t - times[i])
        .sort((a, b) => a - b);
      if (gaps.length !== calls)
        throw new Error(`${driver.label}, ${setup.name}: ${gaps.length} tool calls seen, not ${calls} (exit ${result.run.exitCode}): ${result.run.stderr.slice(-500)}`);
      rows.push({ setup: setup.name, median: quantile(gaps, 0.5), p90: quantile(gaps, 0.9), run: result.run.ms });
    } finally {
      await rm(prepared.root, { recursive: true, force: true });
    }
  }
  const base = rows[0].median;
  console.log(`${driver.label} ${driver.version}: per tool call, ${calls} calls per setup`);
  for (const row of rows) {
    const added = row === rows[0] ? '' : `  (${row.median >= base ? '+' : ''}${row.median - base} ms)`;
    console.log(`  ${row.setup.padEnd(20)} median ${String(row.median).padStart(4)} ms  p90 ${String(row.p90).padStart(4)} ms  whole run ${row.run} ms${added}`);
  }
}
