// Replays one conformance case many times in parallel through the built bin and counts wrong merged
// outputs: a check that no hook output is lost when the machine is loaded. Not part of npm test.
//   node scripts/stress.js [case-id] [runs] [parallel]      e.g. node scripts/stress.js random-05-SessionStart 150 16
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [id = 'random-05-SessionStart', runsArg = '100', parallelArg = '12'] = process.argv.slice(2);
const cases = JSON.parse(fs.readFileSync(path.join(repo, 'test/conformance/gemini-cases.json'), 'utf8'));
const c = cases.find((x) => x.id === id);
if (!c) throw new Error(`no conformance case "${id}"`);

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hookrun-stress-'));
const ws = path.join(root, 'ws');
fs.mkdirSync(path.join(ws, '.gemini'), { recursive: true });
fs.mkdirSync(path.join(ws, 'hooks'));
fs.writeFileSync(path.join(ws, '.gemini/settings.json'), JSON.stringify(c.settings.workspace ?? {}));
for (const [name, body] of Object.entries(c.scripts ?? {})) fs.writeFileSync(path.join(ws, 'hooks', name), body, { mode: 0o755 });
const env = {
  PATH: process.env.PATH,
  HOME: path.join(root, 'home'),
  LANG: 'C.UTF-8',
  NO_COLOR: '1',
  GEMINI_CLI_TRUST_WORKSPACE: 'true',
  GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(root, 'etc/settings.json'),
  GEMINI_CLI_SYSTEM_DEFAULTS_PATH: path.join(root, 'etc/system-defaults.json'),
  GEMINI_CLI_TRUSTED_FOLDERS_PATH: path.join(root, 'trustedFolders.json'),
};
const args = [path.join(repo, 'bin/hookrun.js'), 'run', c.event, '--event', JSON.stringify(c.input), '--cwd', ws, '--quiet'];

let next = 0;
let wrong = 0;
const once = () =>
  new Promise((resolve) => {
    execFile(process.execPath, args, { env, maxBuffer: 1e8 }, (error, stdout) => {
      const code = error ? error.code : 0;
      let output;
      try {
        output = JSON.parse(stdout);
      } catch {
        output = stdout;
      }
      if (code !== c.exit || !isDeepStrictEqual(output, c.output)) {
        wrong++;
        console.log(`run ${next}: exit ${code}, output ${JSON.stringify(output)}`);
      }
      resolve();
    });
  });
const worker = async () => {
  while (next++ < Number(runsArg)) await once();
};
await Promise.all(Array.from({ length: Number(parallelArg) }, worker));
fs.rmSync(root, { recursive: true, force: true });
console.log(`${id}: ${wrong} of ${runsArg} runs wrong (${parallelArg} in parallel, load ${os.loadavg()[0].toFixed(1)})`);
process.exitCode = wrong === 0 ? 0 : 1;
