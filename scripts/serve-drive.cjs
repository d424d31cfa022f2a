// A client for measuring `hookrun serve` (docs/perf.md, serve's round 2): starts `node [FLAGS] BIN serve -C $SANDBOX/one`
// (under XWRAP, e.g. XWRAP='valgrind --tool=callgrind', if set) in a sandbox kept by `node scripts/bench.js --keep`,
// sends N requests one at a time (nomatch, hook, or mix: every 10th runs the hook) and prints the median of the
// last 80 % (ms) and the server's RSS after 100/1,000/10,000. Usage: SANDBOX=/tmp/hookrun-bench-… node scripts/serve-drive.cjs BIN N MODE [FLAGS…]
// usage: node drive.cjs BIN N mode(nomatch|hook|mix) [nodeflags...]
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const [bin, n, mode, ...flags] = process.argv.slice(2);
const S = process.env.SANDBOX;
if (!S) throw new Error('set SANDBOX to a directory kept by node scripts/bench.js --keep');
const env = {};
for (const l of fs.readFileSync(S + '/env.sh', 'utf8').split('\n')) {
  const m = /^export (\w+)='(.*)'$/.exec(l);
  if (m) env[m[1]] = m[2];
}
const TOOL = { tool_name: 'run_shell_command', tool_input: { command: 'ls -la' } };
const OTHER = { tool_name: 'read_file', tool_input: { file_path: 'README.md' } };
const wrap = process.env.XWRAP ? process.env.XWRAP.split(' ') : [];
const child = spawn(wrap[0] ?? process.execPath, [...wrap.slice(1), ...(wrap.length ? [process.execPath] : []), ...flags, bin, 'serve', '-C', S + '/one'], {
  env: { ...env, ...(process.env.XNODE_OPTIONS ? { NODE_OPTIONS: process.env.XNODE_OPTIONS } : {}) },
  stdio: ['pipe', 'pipe', process.env.XWRAP ? 'pipe' : 'inherit'],
});
if (child.stderr) child.stderr.resume();
let pending = '',
  i = 0,
  resolve;
const N = Number(n);
child.stdout.setEncoding('utf8').on('data', (t) => {
  pending += t;
  let nl;
  while ((nl = pending.indexOf('\n')) !== -1) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    if (line.startsWith('[')) {
      console.error(line);
      continue;
    }
    const a = JSON.parse(line);
    if (a.error) {
      console.error(a.error);
      process.exit(1);
    }
    resolve(a);
  }
});
const ask = (input) =>
  new Promise((r) => {
    resolve = r;
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: ++i, method: 'run', params: { event: 'BeforeTool', input } }) + '\n');
  });
(async () => {
  const times = [];
  const rss = {};
  for (let k = 0; k < N; k++) {
    const hook = mode === 'hook' || (mode === 'mix' && k % 10 === 0);
    const t = process.hrtime.bigint();
    await ask(hook ? TOOL : OTHER);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if ([100, 1000, 10000, 20000].includes(k + 1)) rss[k + 1] = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
  }
  child.stdin.end();
  await new Promise((r) => child.on('exit', r));

  const s = times.slice(Math.floor(N / 5)).sort((a, b) => a - b);
  console.log(JSON.stringify({ median: s.length ? s[Math.floor(s.length / 2)].toFixed(3) : 0, rss }));
})();
