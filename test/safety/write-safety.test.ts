// The editing rules every hookrun writer keeps (docs/safety.md): no lost concurrent edit (one settings
// lock for every read-modify-write), no lossy rewrite of a file that is not UTF-8, no replacing a
// read-only file, and a clear `hookrun: error:` (exit 1) instead of an internal error when a write fails.
// Real processes on real temp directories.
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { BIN, hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
afterEach(async () => {
  await sb?.cleanup();
});

const settingsPath = (s: Sandbox) => path.join(s.ws, '.gemini', 'settings.json');
const claude = JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh' }] }] } });
const trusted = (s: Sandbox) => ({ ...s.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' });

/**
 * A settings file big enough (~400 KB) that reading, editing and writing it takes a while, so unlocked
 * writers overlap; small enough that nine writers queued on the lock finish within its 10 s wait even
 * on a loaded 2-core CI machine (at ~2 MB the last one timed out there).
 */
function bigSettings(): string {
  const padding = Object.fromEntries(Array.from({ length: 4_000 }, (_, i) => [`key${i}`, `value ${i} ${'x'.repeat(80)}`]));
  return `{\n  // a big file\n  "padding": ${JSON.stringify(padding, null, 2)},\n  "hooksConfig": {\n    "disabled": []\n  }\n}\n`;
}

function disabledNames(text: string): string[] {
  const value = JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as { hooksConfig?: { disabled?: string[] } };
  return value.hooksConfig?.disabled ?? [];
}

const NAMES = Array.from({ length: 8 }, (_, i) => `hook-${i}`);
const disableAll = (s: Sandbox) => Promise.all(NAMES.map((name) => hookrun(['disable', name, '-C', s.ws], { env: s.env })));

describe('one settings lock for every writer', () => {
  test('migrate --write racing parallel `disable` runs: every edit survives', async () => {
    sb = await makeSandbox();
    await sb.write(settingsPath(sb), bigSettings());
    await sb.write(path.join(sb.ws, '.claude', 'settings.json'), claude);
    const [migrated, ...disabled] = await Promise.all([
      hookrun(['migrate', '--from', 'claude', '--write', '--cwd', sb.ws], { env: sb.env }),
      ...NAMES.map((name) => hookrun(['disable', name, '-C', sb.ws], { env: sb.env })),
    ]);
    expect(migrated!.exitCode, migrated!.stderr).toBe(0);
    for (const r of disabled) expect(r.exitCode, r.stderr).toBe(0);
    const text = await readFile(settingsPath(sb), 'utf8');
    expect(disabledNames(text).sort()).toEqual(NAMES);
    expect(text).toContain('guard.sh');
  }, 60_000);

  test('record and record --stop racing parallel `disable` runs: every edit survives', async () => {
    sb = await makeSandbox();
    await sb.write(settingsPath(sb), bigSettings());
    const [recorded, first] = await Promise.all([hookrun(['record', '-C', sb.ws], { env: trusted(sb) }), disableAll(sb)]);
    expect(recorded!.exitCode, recorded!.stderr).toBe(0);
    for (const r of first) expect(r.exitCode, r.stderr).toBe(0);
    expect(await readFile(settingsPath(sb), 'utf8')).toContain('hookrun-capture');
    const more = NAMES.map((n) => `${n}-b`);
    const [stopped, ...second] = await Promise.all([
      hookrun(['record', '--stop', '-C', sb.ws], { env: trusted(sb) }),
      ...more.map((name) => hookrun(['disable', name, '-C', sb.ws], { env: sb.env })),
    ]);
    expect(stopped!.exitCode, stopped!.stderr).toBe(0);
    for (const r of second) expect(r.exitCode, r.stderr).toBe(0);
    const text = await readFile(settingsPath(sb), 'utf8');
    expect(disabledNames(text).sort()).toEqual([...NAMES, ...more].sort());
    expect(text).not.toContain('hookrun-capture');
  }, 60_000);
});

describe('a file that is not UTF-8 is refused by every editor, left byte for byte', () => {
  // Line 2, column 12: the 0xff byte after `  "a": "caf` (byte offset 13).
  const bytes = Buffer.concat([Buffer.from('{\n  "a": "caf'), Buffer.from([0xff]), Buffer.from('",\n  "hooksConfig": {"disabled": ["x"]}\n}\n')]);
  const expectRefused = async (r: { exitCode: number; stderr: string }, file: string) => {
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`${file}:2:12: not valid UTF-8 (byte offset 13: 0xff)`);
    expect(r.stderr).not.toContain('internal error');
    expect((await readFile(file)).equals(bytes)).toBe(true);
  };

  test.each([
    ['disable', ['disable', 'y']],
    ['enable', ['enable', 'x']],
    ['migrate --write', ['migrate', '--from', 'claude', '--write']],
    ['record', ['record']],
  ])('%s', async (_name, args) => {
    sb = await makeSandbox();
    const file = await sb.write(settingsPath(sb), '');
    await writeFile(file, bytes);
    await sb.write(path.join(sb.ws, '.claude', 'settings.json'), claude);
    await expectRefused(await hookrun([...args, '-C', sb.ws], { env: trusted(sb) }), file);
    expect(existsSync(path.join(sb.ws, '.hookrun', 'record.json'))).toBe(false);
  });

  test('trust --folder and trust --folder --revoke', async () => {
    sb = await makeSandbox();
    const file = sb.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH!;
    await writeFile(file, bytes);
    await expectRefused(await hookrun(['trust', '--folder', '-C', sb.ws], { env: sb.env }), file);
    await expectRefused(await hookrun(['trust', '--folder', '--revoke', '-C', sb.ws], { env: sb.env }), file);
  });

  test('reading is not editing: a run still decides trust from such a trustedFolders.json, as Gemini CLI reads it (lossily)', async () => {
    sb = await makeSandbox();
    const file = sb.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH!;
    await writeFile(file, Buffer.concat([Buffer.from('{\n  // caf'), Buffer.from([0xe9]), Buffer.from(`\n  ${JSON.stringify(sb.ws)}: "TRUST_FOLDER"\n}\n`)]));
    await sb.write(settingsPath(sb), JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'echo \'{"decision":"deny","reason":"ran"}\'' }] }] } }));
    const r = await hookrun(['run', 'BeforeTool', '--tool', 'x', '--hook-trust', 'warn', '-C', sb.ws], { env: sb.env });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stdout).toContain('"reason":"ran"');
  });

  test('record --stop refuses a file made non-UTF-8 since, and keeps its state for another try', async () => {
    sb = await makeSandbox();
    const file = await sb.write(settingsPath(sb), '{}\n');
    expect((await hookrun(['record', '-C', sb.ws], { env: trusted(sb) })).exitCode).toBe(0);
    await writeFile(file, bytes);
    await expectRefused(await hookrun(['record', '--stop', '-C', sb.ws], { env: trusted(sb) }), file);
    expect(existsSync(path.join(sb.ws, '.hookrun', 'record.json'))).toBe(true);
  });

  test('record --stop restores the original bytes exactly (CRLF, no final newline, non-ASCII)', async () => {
    sb = await makeSandbox();
    const original = Buffer.from('{\r\n  // café ☕\r\n  "general": {"vimMode": true}\r\n}', 'utf8');
    const file = await sb.write(settingsPath(sb), '');
    await writeFile(file, original);
    expect((await hookrun(['record', '-C', sb.ws], { env: trusted(sb) })).exitCode).toBe(0);
    const stop = await hookrun(['record', '--stop', '-C', sb.ws], { env: trusted(sb) });
    expect(stop.exitCode, stop.stderr).toBe(0);
    expect((await readFile(file)).equals(original)).toBe(true);
  });
});

describe('a read-only file is not replaced', () => {
  // Root may write any file, so as root the commands run as `nobody` (uid 65534); otherwise as us.
  // Either way the real code path runs: access(W_OK) on the real file, no mocked fs. `nobody` may not
  // be able to read this checkout (a clone under /root), so it runs a copy of the built CLI in a temp
  // directory everyone can read; where even Node is out of its reach, these tests are skipped, saying so.
  const asRoot = process.getuid?.() === 0;
  let bin = BIN;
  let copy: string | undefined;
  let unavailable: string | undefined;
  beforeAll(async () => {
    if (!asRoot) return;
    copy = await mkdtemp(path.join(os.tmpdir(), 'hookrun-cli-copy-'));
    const install = path.dirname(path.dirname(BIN));
    for (const part of ['bin', 'dist', 'package.json']) await cp(path.join(install, part), path.join(copy, part), { recursive: true });
    await chmod(copy, 0o755);
    bin = path.join(copy, 'bin', path.basename(BIN));
    const probe = await execa(process.execPath, [bin, '--version'], { uid: 65534, gid: 65534, reject: false });
    if (probe.exitCode !== 0) unavailable = `user nobody cannot run ${process.execPath} ${bin}: ${String(probe.stderr).split('\n')[0]}`;
  });
  afterAll(async () => {
    if (copy) await rm(copy, { recursive: true, force: true });
  });
  const asUnprivileged = (s: Sandbox, args: string[]) =>
    execa(process.execPath, [bin, ...args, '-C', s.ws], {
      env: { ...s.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' },
      extendEnv: false,
      reject: false,
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
  const openUp = async (s: Sandbox, dirs: string[]) => {
    for (const dir of [s.root, ...dirs]) {
      await mkdir(dir, { recursive: true });
      await chmod(dir, 0o777);
    }
  };

  test.for([
    ['disable', ['disable', 'y']],
    ['enable', ['enable', 'x']],
    ['migrate --write', ['migrate', '--from', 'claude', '--write']],
    ['record', ['record']],
  ] as const)('%s', async ([, args], context) => {
    if (unavailable) context.skip(unavailable);
    sb = await makeSandbox();
    const text = '{\n  "hooksConfig": {"disabled": ["x"]}\n}\n';
    const file = await sb.write(settingsPath(sb), text, 0o444);
    await sb.write(path.join(sb.ws, '.claude', 'settings.json'), claude);
    await openUp(sb, [sb.ws, sb.home, path.dirname(file), path.join(sb.ws, '.claude')]);
    const r = await asUnprivileged(sb, [...args]);
    expect(r.exitCode, String(r.stderr)).toBe(1);
    expect(String(r.stderr)).toMatch(/cannot write .*settings\.json: the file is read-only/);
    expect(await readFile(file, 'utf8')).toBe(text);
    expect(existsSync(path.join(sb.ws, '.hookrun', 'record.json'))).toBe(false);
  });

  test('a workspace where .gemini cannot be created, or is read-only: migrate --write and record exit 1 with a message', async (context) => {
    if (unavailable) context.skip(unavailable);
    sb = await makeSandbox();
    await sb.write(path.join(sb.ws, '.claude', 'settings.json'), claude);
    await openUp(sb, [sb.home]);
    await chmod(sb.ws, 0o755); // owned by us: the unprivileged run cannot create .gemini or .hookrun
    for (const setup of ['no .gemini', 'read-only .gemini']) {
      if (setup === 'read-only .gemini') await mkdir(path.join(sb.ws, '.gemini'), { mode: 0o755 });
      for (const args of [['migrate', '--from', 'claude', '--write'], ['record']]) {
        const r = await asUnprivileged(sb, args);
        expect(r.exitCode, `${setup} ${args[0]}`).toBe(1);
        expect(String(r.stderr), `${setup} ${args[0]}`).toMatch(/^hookrun: error: cannot write .*settings\.json: .*(EACCES|permission denied)/i);
        expect(String(r.stderr)).not.toContain('internal error');
      }
    }
    expect(existsSync(path.join(sb.ws, '.hookrun', 'record.json'))).toBe(false);
  });

  test('trust --folder', async () => {
    sb = await makeSandbox();
    const file = sb.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH!;
    await sb.write(file, '{}\n', 0o444);
    await openUp(sb, [sb.ws, sb.home]);
    const r = await asUnprivileged(sb, ['trust', '--folder']);
    expect(r.exitCode, String(r.stderr)).toBe(1);
    expect(String(r.stderr)).toMatch(/cannot write .*trustedFolders\.json: the file is read-only/);
    expect(await readFile(file, 'utf8')).toBe('{}\n');
  });
});

test("trust --folder --revoke of the first rule keeps the header comment above it and the next rule's comment", async () => {
  sb = await makeSandbox();
  const file = sb.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH!;
  await sb.write(file, `{\n  // my rules\n  ${JSON.stringify(sb.ws)}: "TRUST_FOLDER", // the workspace\n  /* before b */ "/b": "DO_NOT_TRUST"\n}\n`);
  const r = await hookrun(['trust', '--folder', '--revoke', '-C', sb.ws], { env: sb.env });
  expect(r.exitCode, r.stderr).toBe(0);
  expect(await readFile(file, 'utf8')).toBe('{\n  // my rules\n  /* before b */ "/b": "DO_NOT_TRUST"\n}\n');
});

describe('write failures are errors, not crashes', () => {
  test('settings.json is a directory: migrate --write and record exit 1 with a message, record leaves no state', async () => {
    sb = await makeSandbox();
    await mkdir(settingsPath(sb), { recursive: true });
    await sb.write(path.join(sb.ws, '.claude', 'settings.json'), claude);
    for (const args of [['migrate', '--from', 'claude', '--write'], ['record']]) {
      const r = await hookrun([...args, '-C', sb.ws], { env: trusted(sb) });
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/^hookrun: error: cannot (read|write) .*settings\.json/);
      expect(r.stderr).not.toContain('internal error');
    }
    expect(existsSync(path.join(sb.ws, '.hookrun', 'record.json'))).toBe(false);
    expect(existsSync(path.join(sb.ws, '.hookrun', 'capture.mjs'))).toBe(false);
  });

  test("record --events '' is refused like an unknown event", async () => {
    sb = await makeSandbox();
    for (const events of ['', ',', 'Nope']) {
      const r = await hookrun(['record', '--events', events, '-C', sb.ws], { env: trusted(sb) });
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/hookrun: error: (--events names no event|unknown event)/);
    }
    expect(existsSync(path.join(sb.ws, '.hookrun'))).toBe(false);
    expect(existsSync(path.join(sb.ws, '.gemini'))).toBe(false);
  });
});
