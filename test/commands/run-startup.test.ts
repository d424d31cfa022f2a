// `hookrun run` is paid on every tool call of an agent, so what it loads is part of its contract:
// the modules its import graph reaches must not include full zod (its locales alone are ~360 KB of
// code to parse and evaluate) or execa. Checked on the real import graph, via esbuild.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN, makeSandbox, type Sandbox } from '../helpers/cli.js';
import { importGraph } from '../helpers/import-graph.js';

test.each([
  ['the run command and the Gemini dialect', ['src/cli/commands/run.ts', 'src/dialects/gemini/index.ts']],
  // validate is what CI runs on every change of a settings tree; trust is run by hand but reads the same files.
  ['validate', ['src/cli/commands/validate.ts']],
  ['trust', ['src/cli/commands/trust.ts']],
])('%s load neither full zod nor execa', async (_name, entryPoints) => {
  // What ends up in the output (esbuild also visits modules it then tree-shakes away).
  const inputs = (await importGraph(entryPoints)).output;
  expect(inputs.some((file) => file.includes('src/dialects/gemini/settings/schema-check.ts'))).toBe(true);
  const heavy = inputs.filter((file) => file.includes('zod/v4/classic/') || (file.includes('zod/v4/locales/') && !file.endsWith('/en.js')) || file.includes('node_modules/execa/'));
  expect(heavy).toEqual([]);
});

// The same contract at run time, for what Node loads on its own: with stdout and stderr on pipes (as
// an agent calls hookrun), an event that matches no hook needs no process, socket, terminal or hash
// module, and a run with one hook adds only what starting a process takes.
describe('the Node built-ins a run loads', () => {
  const sandboxes: Sandbox[] = [];
  afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

  /** Runs node with a probe that records the built-ins loaded after it and, on Linux, the threads alive at exit. */
  async function probe(
    args: string[],
    options: { input?: string; output?: 'ignore'; exitCode?: number } = {},
  ): Promise<{ builtins: string[]; threads?: number; woundDown: boolean; stderr: string }> {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    // User settings: the project-hook trust gate (and its hashing) is not what is measured here.
    await sb.write(
      path.join(sb.home, '.gemini', 'settings.json'),
      JSON.stringify({ hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'true' }] }] } }),
    );
    await sb.write('event.json', JSON.stringify({ tool_name: 'read_file', tool_input: {} }));
    const record = path.join(sb.root, 'probe.json');
    const preload = await sb.write(
      'probe.cjs',
      `const before = new Set(process.moduleLoadList);
let woundDown = false;
process.on('beforeExit', () => (woundDown = true));
process.on('exit', () => {
  const fs = require('fs');
  const threads = process.platform === 'linux' ? fs.readdirSync('/proc/self/task').length : undefined;
  fs.writeFileSync(${JSON.stringify(record)}, JSON.stringify({ loaded: process.moduleLoadList.filter((m) => !before.has(m)), threads, woundDown }));
});`,
    );
    const result = await execa(process.execPath, ['-r', preload, ...args.map((arg) => arg.replace('$SANDBOX', sb.root).replace('$WS', sb.ws))], {
      env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' },
      extendEnv: false,
      reject: false,
      ...(options.input === undefined ? { stdin: 'ignore' as const } : { input: options.input }),
      ...(options.output ? { stdout: options.output, stderr: options.output } : {}),
    });
    expect(result.exitCode).toBe(options.exitCode ?? 0);
    const { loaded, threads, woundDown } = JSON.parse(await readFile(record, 'utf8')) as { loaded: string[]; threads?: number; woundDown: boolean };
    const builtins = loaded.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
    return { builtins, ...(threads === undefined ? {} : { threads }), woundDown, stderr: String(result.stderr ?? '') };
  }

  // The event on a stdin pipe, as an agent sends it.
  const builtinsLoaded = async (tool: string) => (await probe([BIN, 'run', 'BeforeTool', '-C', '$WS'], { input: JSON.stringify({ tool_name: tool, tool_input: {} }) })).builtins;

  test('no matching hook: no child_process, net, tty or crypto', async () => {
    const loaded = await builtinsLoaded('read_file');
    expect(loaded).toContain('vm');
    expect(loaded.filter((m) => ['child_process', 'net', 'tty', 'crypto'].includes(m))).toEqual([]);
  });

  test('the boot loader loads neither node:zlib (with the stream modules) nor node:module (with the ES module loader)', async () => {
    const loaded = await builtinsLoaded('read_file');
    const heavy = (m: string) => ['zlib', 'stream', 'module'].includes(m) || m.startsWith('internal/streams/') || m.startsWith('internal/modules/esm/');
    expect(loaded.filter(heavy)).toEqual([]);
  });

  test('stdout and stderr on /dev/null (a character device, no terminal): still no tty or net', async () => {
    const { builtins } = await probe([BIN, 'run', 'BeforeTool', '-C', '$WS'], { input: JSON.stringify({ tool_name: 'read_file', tool_input: {} }), output: 'ignore' });
    expect(builtins.filter((m) => ['tty', 'net'].includes(m))).toEqual([]);
  });

  test('one matching hook: child_process (and the net it needs for pipes), still no tty or crypto', async () => {
    const loaded = await builtinsLoaded('run_shell_command');
    expect(loaded).toContain('child_process');
    expect(loaded.filter((m) => ['tty', 'crypto'].includes(m))).toEqual([]);
  });

  // bin/hookrun.js exits as soon as main has answered and nothing is pending, instead of letting Node run
  // the collection V8 scheduled and tear the heap down (docs/perf.md, "Ninth round").
  test('a run with nothing left to wait for exits at once, with its exit code and its whole message', async () => {
    const noMatch = await probe([BIN, 'run', 'BeforeTool', '-C', '$WS'], { input: JSON.stringify({ tool_name: 'read_file', tool_input: {} }) });
    expect(noMatch.woundDown).toBe(false);
    const badEvent = path.join(sandboxes.at(-1)!.root, 'bad.json');
    await writeFile(badEvent, '{"tool_name": ');
    const bad = await probe([BIN, 'run', 'BeforeTool', '--event-file', badEvent, '-C', '$WS'], { exitCode: 1 });
    expect(bad.stderr).toMatch(/bad\.json:1:15: invalid JSON/);
    expect(bad.woundDown).toBe(false);
  });

  test.runIf(process.platform === 'linux')('an event read from a file starts no more threads than Node itself (no libuv pool)', async () => {
    const node = await probe(['-e', '0']);
    const run = await probe([BIN, 'run', 'BeforeTool', '--event-file', '$SANDBOX/event.json', '-C', '$WS']);
    expect(run.threads).toBeGreaterThan(0);
    expect(run.threads).toBe(node.threads);
  });
});
