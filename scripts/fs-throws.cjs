// A preload (`node -r`) that counts the errors node:fs's synchronous calls throw, by call, code and path
// (digits masked), and prints at exit how many of each came per hook started (docs/perf.md, Seventh round:
// a thrown ENOENT builds an Error with its stack trace, which costs more than the failed system call).
//
//   SANDBOX=… node scripts/serve-drive.cjs bin/hookrun.js 100 hook -r ./scripts/fs-throws.cjs
const fs = require('node:fs');
const cp = require('node:child_process');

const counts = new Map();
const counted = (name, call) =>
  function (...args) {
    try {
      return call.apply(this, args);
    } catch (error) {
      const key = `${name} ${error.code} ${String(args[0]).replace(/\d+/g, 'N')}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      throw error;
    }
  };
for (const name of Object.keys(fs)) {
  // realpathSync carries .native, which a wrapper would lose: it is wrapped on its own.
  if (name.endsWith('Sync') && name !== 'realpathSync' && typeof fs[name] === 'function') fs[name] = counted(name, fs[name]);
}
fs.realpathSync.native = counted('realpathSync.native', fs.realpathSync.native);
let spawns = 0;
const spawn = cp.spawn;
cp.spawn = function (...args) {
  spawns++;
  return spawn.apply(this, args);
};
process.on('exit', () => {
  for (const [key, count] of counts) process.stderr.write(`${(count / Math.max(spawns, 1)).toFixed(2)} per hook started  ${key}\n`);
});
