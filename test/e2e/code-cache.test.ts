// The real bin with its code cache, in a copy of the install (bin/ + dist/) so that damaging the
// cache cannot disturb other tests: output is the same with no cache, a good one, a corrupted one.
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeSandbox, REPO, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
let bin: string;
let cache: string;
/** The bundle's files (the boot loader and the packs). */
let installed: string[];

beforeAll(async () => {
  sb = await makeSandbox();
  const install = path.join(sb.root, 'install');
  fs.cpSync(path.join(REPO, 'bin'), path.join(install, 'bin'), { recursive: true });
  fs.mkdirSync(path.join(install, 'dist'));
  installed = fs.readdirSync(path.join(REPO, 'dist')).filter((file) => file.endsWith('.cjs'));
  for (const file of installed) fs.copyFileSync(path.join(REPO, 'dist', file), path.join(install, 'dist', file));
  fs.copyFileSync(path.join(REPO, 'package.json'), path.join(install, 'package.json'));
  bin = path.join(install, 'bin', 'hookrun.js');
  cache = path.join(install, 'dist', 'hookrun.cjs.v8cache');
  await sb.write(
    path.join(sb.ws, '.gemini', 'settings.json'),
    JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'echo \'{"decision":"block","reason":"no"}\'' }] }] } }),
  );
});
afterAll(() => sb.cleanup());

const run = (env: Record<string, string> = {}) =>
  execa('node', [bin, 'run', 'BeforeTool', '--tool', 'x', '--trust-workspace', '-q', '-C', sb.ws], {
    env: { ...sb.env, ...env },
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });

const expectBlock = (result: Awaited<ReturnType<typeof run>>) => {
  expect(result.stderr).toBe('');
  expect(result.exitCode).toBe(2);
  expect(JSON.parse(result.stdout)).toMatchObject({ decision: 'block', reason: 'no' });
};

test('switched off, the bin runs from source and writes no cache', async () => {
  expectBlock(await run({ HOOKRUN_CODE_CACHE: 'off' }));
  expect(fs.existsSync(cache)).toBe(false);
});

test('the first run writes the cache beside the bundle, the next runs use it, a corrupted one is replaced', async () => {
  expectBlock(await run());
  expect(fs.statSync(cache).size).toBeGreaterThan(1000);
  const written = fs.statSync(cache).mtimeMs;
  expectBlock(await run());
  expect(fs.statSync(cache).mtimeMs).toBe(written);

  const bytes = fs.readFileSync(cache);
  for (let i = Math.floor(bytes.length / 2); i < bytes.length; i += 97) bytes[i]! ^= 0x5a;
  fs.writeFileSync(cache, bytes);
  expectBlock(await run());
  expect(fs.readFileSync(cache).equals(bytes)).toBe(false);
  expectBlock(await run());
  // `run` reads one pack (dist/hookrun.cjs): one cache, and no temp file left behind.
  expect(fs.readdirSync(path.dirname(cache)).sort()).toEqual([...installed, 'hookrun.cjs.v8cache'].sort());
});

test('a command outside the run pack loads its own packs, caches them, and prints the same thing', async () => {
  const schema = () => execa('node', [bin, 'schema', 'settings'], { env: { ...sb.env, HOOKRUN_CODE_CACHE: 'on' }, extendEnv: false, reject: false });
  const first = await schema();
  expect(first.exitCode).toBe(0);
  expect(JSON.parse(first.stdout)).toEqual(JSON.parse(fs.readFileSync(path.join(REPO, 'schema', 'settings.schema.json'), 'utf8')));
  const chunkCaches = fs.readdirSync(path.dirname(cache)).filter((file) => /^chunk-.*\.v8cache$/.test(file));
  expect(chunkCaches.length).toBeGreaterThan(0);
  const second = await schema();
  expect(second.stdout).toBe(first.stdout);
});

test('a run that starts hooks after one that matched none adds the runner to the cache, once', async () => {
  const purposes = () => {
    const bytes = fs.readFileSync(cache);
    return (JSON.parse(bytes.toString('utf8', 20, 20 + bytes.readUInt32LE(8))) as { purposes: string[] }).purposes;
  };
  fs.rmSync(cache);
  const none = await execa('node', [bin, 'run', 'AfterTool', '--tool', 'x', '--trust-workspace', '-q', '-C', sb.ws], {
    env: sb.env,
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });
  expect(none.stdout).toBe('{}');
  expect(purposes()).toEqual(['run']);
  expectBlock(await run());
  expect(purposes()).toEqual(['run', 'run+hooks']);
  const written = fs.statSync(cache).mtimeMs;
  expectBlock(await run());
  expect(fs.statSync(cache).mtimeMs).toBe(written);
});

test('deprecation flags change nothing on stderr (the CRC-32 comes from a deprecated API, muted)', async () => {
  for (const flag of ['--pending-deprecation', '--throw-deprecation', '--no-deprecation']) expectBlock(await run({ NODE_OPTIONS: flag }));
});
