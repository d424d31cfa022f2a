// A/B timing of whole commands, for changes too small for `npm run bench` to resolve: each shell
// command runs in turn (A B C A B C …) after two warm-up rounds, stdout and stderr on pipes as an agent
// calls hookrun; prints per command the median and mean wall time and the mean CPU time of the process
// tree (children's user + system time from /proc/self/stat, so Linux only).
//
//   node scripts/ab.js [--runs N] 'command A' 'command B' …
//   node scripts/ab.js --runs 60 "node ../before/bin/hookrun.js run BeforeTool -q --event '{}'" \
//                                "node bin/hookrun.js run BeforeTool -q --event '{}'"
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
let runs = 30;
if (args[0] === '--runs') {
  runs = Number(args[1]);
  args.splice(0, 2);
}
if (!Number.isInteger(runs) || runs < 5 || args.length === 0) {
  console.error("usage: node scripts/ab.js [--runs N (>= 5)] 'command A' ['command B' …]");
  process.exit(2);
}

/** CPU milliseconds of every child reaped so far (cutime + cstime, in clock ticks of 10 ms). */
function childCpuMs() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

const wall = args.map(() => []);
const cpu = args.map(() => 0);
for (let round = 0; round < runs + 2; round++) {
  args.forEach((command, i) => {
    const cpuBefore = childCpuMs();
    const started = process.hrtime.bigint();
    const result = spawnSync('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (round === 0 && result.status !== 0) console.error(`note: exit ${result.status} from ${command}\n${result.stderr}`);
    if (round < 2) return;
    wall[i].push(ms);
    cpu[i] += childCpuMs() - cpuBefore;
  });
}

args.forEach((command, i) => {
  const sorted = wall[i].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1];
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  console.log(`median ${median.toFixed(1).padStart(7)}  mean ${mean.toFixed(1).padStart(7)}  cpu ${(cpu[i] / runs).toFixed(1).padStart(6)} ms  ${command}`);
});
