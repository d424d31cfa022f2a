// The TOML parser is off the run path: the codex dialect imports it (through codex/toml.ts) only when a
// config.toml exists, so a Codex run without one, and every other dialect, never loads it. Checked on
// the real import graph (esbuild, static imports only) and on the chunk files a real run reads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { readFile } from 'node:fs/promises';
import { afterAll, expect, test } from 'vitest';
import { BIN, makeSandbox, type Sandbox } from '../../helpers/cli.js';
import { importGraph } from '../../helpers/import-graph.js';

test('run + the codex dialect import smol-toml only dynamically', async () => {
  const entryPoints = ['src/cli/commands/run.ts', 'src/dialects/codex/index.ts', 'src/exec/runner.ts'];
  const { eager, visited } = await importGraph(entryPoints);
  expect(eager.some((file) => file.endsWith('src/dialects/codex/run.ts'))).toBe(true);
  expect(visited.some((file) => file.includes('smol-toml'))).toBe(true);
  expect(eager.filter((file) => file.includes('smol-toml') || file.endsWith('src/dialects/codex/toml.ts'))).toEqual([]);
});

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

test('a Codex run reads the TOML chunk only when a config.toml exists', async () => {
  const readsToml = async (files: Record<string, string>): Promise<boolean> => {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    for (const [file, text] of Object.entries(files)) await sb.write(file, text);
    const record = path.join(sb.root, 'read.json');
    const preload = await sb.write(
      'probe.cjs',
      `const fs = require('fs'); const read = fs.readFileSync; const seen = [];
       fs.readFileSync = function (file, ...rest) { if (typeof file === 'string') seen.push(file); return read.call(this, file, ...rest); };
       process.on('exit', () => fs.writeFileSync(${JSON.stringify(record)}, JSON.stringify(seen)));`,
    );
    const result = await execa(process.execPath, ['-r', preload, BIN, 'run', 'Stop', '--dialect', 'codex', '--cwd', sb.ws, '-q'], {
      env: sb.env,
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const seen = JSON.parse(await readFile(record, 'utf8')) as string[];
    return seen.filter((file) => file.endsWith('.cjs') && file.includes(`${path.sep}dist${path.sep}`)).some((file) => readFileSync(file, 'utf8').includes('TomlError'));
  };
  expect(await readsToml({ 'home/.codex/hooks.json': JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }) })).toBe(false);
  expect(await readsToml({ 'home/.codex/config.toml': '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "true"\n' })).toBe(true);
});
