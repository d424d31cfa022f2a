// The bridge's own part of a tool call, measured inside the host's runtime: the plugin runtime
// (src/bridge/runtime/client.js) asking a real `hookrun serve` for one tool-before and one tool-after, for a
// project with no hooks, N times. Run by latency.mjs under Node (Pi) and under the host's own Bun
// (OpenCode and Kilo, whose executables run a script as Bun does with BUN_BE_BUN=1).
// Usage: <runtime> round-trip.mjs <project folder> [N]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBridge } from '../../src/bridge/runtime/client.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [cwd, n = '50'] = process.argv.slice(2);
const config = {
  host: 'measure',
  label: 'measure',
  hookrun: [process.env.HOOKRUN_NODE ?? 'node', path.join(REPO, 'bin', 'hookrun.js')],
  serveArgs: ['--dialect', 'claude'],
  failClosed: false,
  events: { toolBefore: 'PreToolUse', toolAfter: 'PostToolUse' },
  tools: { bash: { name: 'Bash' } },
};
const bridge = startBridge(config, { notify: (message) => console.error(message), cwd });
const call = { sessionId: 'measure', tool: 'bash', args: { command: 'true' } };
await bridge.toolBefore(call); // serve's start is paid once per session, not per call
const times = [];
for (let i = 0; i < Number(n); i++) {
  const started = performance.now();
  await bridge.toolBefore(call);
  await bridge.toolAfter({ ...call, output: '' });
  times.push(performance.now() - started);
}
bridge.stopAll();
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({ runtime: typeof Bun === 'undefined' ? `node ${process.version}` : `bun ${Bun.version}`, median: times[Math.floor(n / 2)], p90: times[Math.floor(n * 0.9)] }),
);
