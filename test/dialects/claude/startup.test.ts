// The run path of a Claude command hook does not carry the http client or the plugin reader: both are
// reached only through import() when a plan or a version needs them (docs/perf.md). Checked on the real
// import graph (esbuild, static imports only) and on what Node loads at run time.
import path from 'node:path';
import { execa } from 'execa';
import { readFile } from 'node:fs/promises';
import { afterAll, expect, test } from 'vitest';
import { BIN, makeSandbox, type Sandbox } from '../../helpers/cli.js';
import { importGraph } from '../../helpers/import-graph.js';

test('run + the Claude dialect import the http client and the plugin reader only dynamically', async () => {
  const entryPoints = ['src/cli/commands/run.ts', 'src/dialects/claude/index.ts', 'src/exec/runner.ts'];
  const { eager, visited: all } = await importGraph(entryPoints);
  expect(eager.some((file) => file.endsWith('src/dialects/claude/interpret.ts'))).toBe(true);
  expect(all.some((file) => file.endsWith('src/exec/http.ts'))).toBe(true);
  expect(eager.filter((file) => file.endsWith('src/exec/http.ts') || file.endsWith('src/dialects/claude/plugins.ts'))).toEqual([]);
});

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

test('a Claude run with a command hook loads no HTTP client at run time; one with an http hook does', async () => {
  const loaded = async (hook: unknown): Promise<string[]> => {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    await sb.write(path.join(sb.ws, '.claude/settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [hook] }] } }));
    const record = path.join(sb.root, 'probe.json');
    const preload = await sb.write('probe.cjs', `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify(process.moduleLoadList)));`);
    const result = await execa(
      process.execPath,
      ['-r', preload, BIN, 'run', 'Stop', '--dialect', 'claude', '--claude-version', 'current', '--trust-workspace', '--cwd', sb.ws, '-q'],
      {
        env: sb.env,
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
      },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    return JSON.parse(await readFile(record, 'utf8')) as string[];
  };
  const client = (list: string[]) => list.some((name) => name === 'NativeModule _http_client');
  expect(client(await loaded({ type: 'command', command: 'true' }))).toBe(false);
  expect(client(await loaded({ type: 'http', url: 'http://127.0.0.1:1/refused', timeout: 2 }))).toBe(true);
});
