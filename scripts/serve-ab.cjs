// A/B timing of resident servers that speak `hookrun serve`'s protocol, for differences too small for
// `npm run bench` target 7 to resolve: every server is started once, then gets one `run` request at a
// time, in turn (A B C A B C …), after warm-up rounds. Prints per server the median, quartiles and the
// median's ratio to the first server's, and the server's own CPU time per request (utime and stime from
// /proc/<pid>/stat, so Linux only; the hooks' CPU is not in it) and minor page faults per request.
//
// The servers run in a sandbox kept by `node scripts/bench.js --keep`, with its environment (env.sh) and
// its root as the working directory; each is a shell command line run with `exec`.
//
//   SANDBOX=/tmp/hookrun-bench-… node scripts/serve-ab.cjs [--runs N] [--warmup N] [--event tool|other] [--stamp 1] 'label=command' …
//   SANDBOX=… node scripts/serve-ab.cjs --runs 400 \
//     "serve=node bin/hookrun.js serve -C \$SANDBOX/one" "loop=node scripts/serve-loop.cjs" "detached=node scripts/serve-loop.cjs --detached"
const { spawn } = require('node:child_process');
const fs = require('node:fs');

const args = process.argv.slice(2);
const options = { runs: 300, warmup: 50, event: 'tool', stamp: 0 };
while (args[0]?.startsWith('--')) {
  const flag = args.shift().slice(2);
  options[flag] = flag === 'event' ? args.shift() : Number(args.shift());
}
const sandbox = process.env.SANDBOX;
if (!sandbox || args.length === 0) {
  console.error("usage: SANDBOX=<dir kept by bench.js --keep> node scripts/serve-ab.cjs [--runs N] [--warmup N] [--event tool|other] [--stamp 1] 'label=command' …");
  process.exit(2);
}
const env = { SANDBOX: sandbox };
for (const line of fs.readFileSync(`${sandbox}/env.sh`, 'utf8').split('\n')) {
  const m = /^export (\w+)='(.*)'$/.exec(line);
  if (m) env[m[1]] = m[2];
}
const input = options.event === 'tool' ? { tool_name: 'run_shell_command', tool_input: { command: 'ls -la' } } : { tool_name: 'read_file', tool_input: { file_path: 'README.md' } };

function start(spec) {
  const eq = spec.indexOf('=');
  const label = spec.slice(0, eq);
  const child = spawn('sh', ['-c', `exec ${spec.slice(eq + 1)}`], { cwd: process.cwd(), env, stdio: ['pipe', 'pipe', 'inherit'] });
  let pending = '';
  let resolve;
  child.stdout.setEncoding('utf8').on('data', (text) => {
    pending += text;
    for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
      const answer = JSON.parse(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
      if (answer.error) throw new Error(`${label}: ${answer.error.message}`);
      resolve(answer);
    }
  });
  let id = 0;
  const cpuMs = () => {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return [Number(fields[11]) * 10, Number(fields[12]) * 10, Number(fields[7])];
  };
  return {
    label,
    times: [],
    user: 0,
    system: 0,
    faults: 0,
    cpuMs,
    ask: () =>
      new Promise((r) => {
        resolve = r;
        // --stamp 1: the send time rides along (a member JSON-RPC servers ignore), for scripts/serve-marks.cjs.
        const t = options.stamp ? { t: Number(process.hrtime.bigint()) / 1e6 } : {};
        child.stdin.write(`${JSON.stringify({ ...t, jsonrpc: '2.0', id: ++id, method: 'run', params: { event: 'BeforeTool', input } })}\n`);
      }),
    close: () => new Promise((r) => child.once('exit', r).stdin.end()),
  };
}

(async () => {
  const servers = args.map(start);
  for (let round = 0; round < options.warmup + options.runs; round++) {
    for (const server of servers) {
      const [userBefore, systemBefore, faultsBefore] = round >= options.warmup ? server.cpuMs() : [0, 0, 0];
      const started = process.hrtime.bigint();
      await server.ask();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (round < options.warmup) continue;
      server.times.push(ms);
      const [user, system, faults] = server.cpuMs();
      server.faults += faults - faultsBefore;
      server.user += user - userBefore;
      server.system += system - systemBefore;
    }
  }
  for (const server of servers) await server.close();
  const at = (sorted, q) => sorted[Math.floor((sorted.length - 1) * q)];
  let first;
  for (const server of servers) {
    const sorted = server.times.sort((a, b) => a - b);
    const median = at(sorted, 0.5);
    first ??= median;
    console.log(
      `${server.label.padEnd(14)} median ${median.toFixed(2).padStart(6)}  q1 ${at(sorted, 0.25).toFixed(2).padStart(6)}  q3 ${at(sorted, 0.75).toFixed(2).padStart(6)} ms  ` +
        `ratio ${(median / first).toFixed(3)}  cpu ${((server.user + server.system) / options.runs).toFixed(2)} ms/request ` +
        `(user ${(server.user / options.runs).toFixed(2)}, system ${(server.system / options.runs).toFixed(2)}), ${Math.round(server.faults / options.runs)} minor faults/request`,
    );
  }
})();
