// A preload (`node -r`) that times one resident server's requests in parts, for scripts/serve-ab.cjs --stamp
// (docs/perf.md, Seventh round). It wraps what both `hookrun serve` and the bare loop call: a stream's push
// of a request line, child_process.spawn, the child's exit and pipe closes, and the answer's write (fs.writeSync
// to fd 1 or process.stdout.write), and prints at exit the median of each part over all but the first 50:
//   transit      the driver's write (the request's "t", the same monotonic clock) to the server's read
//   read->spawn  the server's own work before it starts the hook
//   spawn()      the synchronous spawn call (fork, and the child's setup until it executes bash)
//   ret->exit    the rest of the hook's life, as the server sees it; exit->lastclose; lastevent->write
//
//   SANDBOX=… node scripts/serve-ab.cjs --stamp 1 --runs 300 "serve=node -r ./scripts/serve-marks.cjs bin/hookrun.js serve -C \$SANDBOX/one" \
//                                                   "loop=node -r ./scripts/serve-marks.cjs scripts/serve-loop.cjs"
const cp = require('node:child_process');
const fs = require('node:fs');
const { Readable } = require('node:stream');

const now = () => Number(process.hrtime.bigint()) / 1e6;
// Minor page faults so far: after each fork every page the server writes faults once (copy-on-write), so
// the pages a request writes cost it time; each part's faults are printed beside its time.
const faults = () => process.resourceUsage().minorPageFault;
const rows = [];
let current;
let lastRead = 0;
let lastSent = 0;
let lastReadFaults = 0;

const answered = () => {
  if (!current) return;
  current.written = now();
  current.fWritten = faults();
  rows.push(current);
  current = undefined;
};
const push = Readable.prototype.push;
Readable.prototype.push = function (chunk, ...rest) {
  const text = chunk && chunk.length > 20 ? String(chunk) : '';
  if (text.includes('"jsonrpc"')) {
    lastRead = now();
    lastReadFaults = faults();
    lastSent = Number(/"t":([0-9.]+)/.exec(text)?.[1] ?? lastRead);
  }
  return push.call(this, chunk, ...rest);
};
const writeSync = fs.writeSync;
fs.writeSync = function (fd, ...rest) {
  if (fd === 1) answered();
  return writeSync.call(this, fd, ...rest);
};
const write = process.stdout.write;
process.stdout.write = function (...args) {
  answered();
  return write.apply(this, args);
};
const spawn = cp.spawn;
cp.spawn = function (...args) {
  const row = { transit: lastRead - lastSent, read: lastRead, called: now(), fRead: lastReadFaults, fCalled: faults() };
  const child = spawn.apply(this, args);
  row.returned = now();
  row.fReturned = faults();
  child.once('exit', () => (row.exit = now()));
  child.stdout.once('close', () => (row.out = now()));
  child.stderr.once('close', () => (row.err = now()));
  current = row;
  return child;
};
process.on('exit', () => {
  const kept = rows.slice(50);
  const median = (part) => {
    const sorted = kept.map(part).sort((a, b) => a - b);
    return sorted.length ? sorted[sorted.length >> 1].toFixed(2) : '-';
  };
  const last = (r) => Math.max(r.out, r.err);
  const fmedian = (part) => {
    const sorted = kept.map(part).sort((a, b) => a - b);
    return sorted.length ? String(sorted[sorted.length >> 1]) : '-';
  };
  process.stderr.write(
    `[${process.argv[1].split('/').pop()}] ${kept.length} requests: transit ${median((r) => r.transit)}  read->spawn ${median((r) => r.called - r.read)}  ` +
      `spawn() ${median((r) => r.returned - r.called)}  ret->exit ${median((r) => r.exit - r.returned)}  exit->lastclose ${median((r) => last(r) - r.exit)}  ` +
      `lastevent->write ${median((r) => r.written - Math.max(r.exit, last(r)))} ms; minor faults: read->spawn ${fmedian((r) => r.fCalled - r.fRead)}  ` +
      `spawn() ${fmedian((r) => r.fReturned - r.fCalled)}  spawn->write ${fmedian((r) => r.fWritten - r.fReturned)}\n`,
  );
});
