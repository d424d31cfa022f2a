// The resident loop of `npm run bench` target 7, which copies this file: it reads a JSON-RPC line,
// spawns `bash -c true` and answers one line when it closes. Its switches each add one thing `hookrun serve`
// does, to size what that costs (docs/perf.md, Seventh round). Run it under scripts/serve-ab.cjs:
//
//   node scripts/serve-loop.cjs [--detached] [--env] [--proc] [--heap MiB] [--hookrun-wait]
//
// --detached      spawn with `detached: true` (setsid), as src/exec/process.ts does
// --env           the hook's environment as hookrun builds it: the loop's own plus the five Gemini variables
// --proc          after the spawn, read /proc/<pid>/fd/{0,1,2} and /proc/<pid>/stat synchronously (HookProcess's constructor)
// --heap MiB      keep this many MiB of small objects alive (a heap the size of serve's)
// --hookrun-wait  answer when the child has exited and both pipes closed (HookProcess.maybeDone), with its
//                 timeout timer armed and cleared, instead of on the child's 'close'
// --sanitize      drop from the hook's environment every variable whose name says it holds a secret, as
//                 the dialects' redaction rules do by default
// --safe          the process safety hookrun gives every hook: --detached --env --sanitize --hookrun-wait
//                 (its own session and process group, a sanitised environment, waiting for exit and both
//                 pipes); bench target 7 measures serve against this loop (issue 32)
const { spawn } = require('node:child_process');
const fs = require('node:fs');

const argv = process.argv.slice(2);
const SAFE = ['--detached', '--env', '--sanitize', '--hookrun-wait'];
const has = (flag) => argv.includes(flag) || (SAFE.includes(flag) && argv.includes('--safe'));
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|API_?KEY|PRIVATE_?KEY|AUTH/i;
const heapMiB = has('--heap') ? Number(argv[argv.indexOf('--heap') + 1]) : 0;
// ~100 bytes per object: an array of small records, as a session's parsed settings and caches are.
const kept = Array.from({ length: Math.round((heapMiB * 1024 * 1024) / 100) }, (_, i) => ({ i, name: `entry-${i}` }));
const inherited = has('--sanitize') ? Object.fromEntries(Object.entries(process.env).filter(([name]) => !SECRET_NAME.test(name))) : process.env;
const env = has('--env')
  ? {
      ...inherited,
      GEMINI_PROJECT_DIR: process.cwd(),
      GEMINI_PLANS_DIR: `${process.env.HOME}/.gemini/tmp/one/b2a40ff5-1ab8-4257-943c-a22f1e6f00c3/plans`,
      GEMINI_CWD: process.cwd(),
      GEMINI_SESSION_ID: 'b2a40ff5-1ab8-4257-943c-a22f1e6f00c3',
      CLAUDE_PROJECT_DIR: process.cwd(),
    }
  : inherited;

function answer(request, code) {
  // With --heap, the answer names the kept objects, so that they stay reachable.
  const result = { exitCode: code, outcome: 'proceed', output: {}, ...(heapMiB > 0 ? { kept: kept.length } : {}) };
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: request.id, result })}\n`);
}

let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk;
  for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
    const request = JSON.parse(pending.slice(0, nl));
    pending = pending.slice(nl + 1);
    const child = spawn('bash', ['-c', 'true'], { env, stdio: ['pipe', 'pipe', 'pipe'], detached: has('--detached') });
    if (has('--proc')) {
      // As hookrun's readLink and readStat: a hook that is already gone is no error.
      try {
        for (const fd of [0, 1, 2]) fs.readlinkSync(`/proc/${child.pid}/fd/${fd}`);
        fs.readFileSync(`/proc/${child.pid}/stat`, 'latin1');
      } catch {}
    }
    let _size = 0;
    child.stdout.on('data', (data) => {
      _size += data.length;
    });
    child.stderr.on('data', (data) => {
      _size += data.length;
    });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(request.params.input));
    if (has('--hookrun-wait')) {
      let left = 3;
      let code;
      const timer = setTimeout(() => {}, 60_000);
      const done = () => {
        if (--left > 0) return;
        clearTimeout(timer);
        answer(request, code);
      };
      child.once('exit', (c) => {
        code = c;
        done();
      });
      child.stdout.once('close', done);
      child.stderr.once('close', done);
    } else {
      child.on('close', (code) => answer(request, code));
    }
  }
});
