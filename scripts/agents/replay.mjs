// Replays a derived case through `hookrun run` exactly as test/conformance/replay.ts does (files under a temp
// root with @ROOT@ replaced, --trust-workspace after `run`, --cwd WS --quiet, stdin closed, the environment
// reduced to PATH, HOME, LANG and NO_COLOR) and lists where hookrun differs from the agent. A plain-Node copy
// of that logic: this script runs without vitest, and the test file replays the committed corpus with the original.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { substitute, writeTree } from './tree.mjs';

const BIN = path.resolve(import.meta.dirname, '../../bin/hookrun.js');

const stdoutHas = (stdout, text) => stdout.includes(text) || stdout.includes(JSON.stringify(text).slice(1, -1));

function hookrun(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}

/** `{agrees, mismatches, exitCode, stdout, stderr}` for one case. */
export async function replayCase(c) {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-tier-replay-')));
  try {
    const ws = path.join(root, 'ws');
    const home = path.join(root, 'home');
    await mkdir(ws, { recursive: true });
    await mkdir(home, { recursive: true });
    await writeTree(ws, c.files, root);
    await writeTree(home, c.homeFiles, root);
    const args = c.args.map((a) => substitute(a, root));
    if (args[0] === 'run') args.splice(1, 0, '--trust-workspace');
    const result = await hookrun([...args, '--cwd', ws, '--quiet'], { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8', NO_COLOR: '1' });
    const mismatches = [];
    if (result.exitCode !== c.expect.exit) mismatches.push(`exit ${result.exitCode}, agent ${c.expect.exit}`);
    for (const n of c.expect.fired ?? []) if (!existsSync(path.join(root, `fired-${n}`))) mismatches.push(`${n} did not fire`);
    for (const n of c.expect.notFired ?? []) if (existsSync(path.join(root, `fired-${n}`))) mismatches.push(`${n} fired`);
    for (const t of c.expect.stdoutContains ?? []) if (!stdoutHas(result.stdout, t)) mismatches.push(`stdout lacks ${t}`);
    for (const t of c.expect.stdoutNotContains ?? []) if (stdoutHas(result.stdout, t)) mismatches.push(`stdout has ${t}`);
    return { agrees: mismatches.length === 0, mismatches, ...result, log: existsSync(path.join(root, 'order')) ? await readFile(path.join(root, 'order'), 'utf8') : '' };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
