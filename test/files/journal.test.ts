// The journal of a load, against real files: every kind of observation it notes is repeated, and any
// change to what was observed (a same-size edit, a file appearing, an entry added to a directory, a symlink
// retargeted, a variable set) makes `unchanged()` false; a load that read the clock, or a file changed a
// moment ago, is not keepable.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Context, homeDir } from '../../src/pipeline/context.js';
import * as observed from '../../src/files/journal.js';
import { journaled, settled, SETTLE_MS } from '../../src/files/journal.js';
import { readInputFile } from '../../src/files/read-input.js';
import { REPO } from '../helpers/cli.js';
import { tempDir } from '../helpers/hooks.js';

const AN_HOUR_AGO = new Date(Date.now() - 3_600_000);
let dir: string;
const at = (...names: string[]) => path.join(dir, ...names);

beforeAll(async () => {
  dir = fs.realpathSync(tempDir('hookrun-journal-'));
  fs.mkdirSync(at('folder'));
  fs.mkdirSync(at('other'));
  for (const name of ['a.json', 'b.json', 'c.json', 'folder/one.json']) {
    fs.writeFileSync(at(name), '{"value":1}');
    fs.utimesSync(at(name), AN_HOUR_AGO, AN_HOUR_AGO);
  }
  fs.symlinkSync(at('folder'), at('link'));
  fs.symlinkSync(at('folder'), at('own-link'));
  // A /proc file's times are those of its inode, made when it is first looked at.
  if (process.platform === 'linux') fs.statSync('/proc/self/mem');
  // Every write moves the ctime to now: wait until the files have settled, however coarse their timestamps.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS.coarse + 200));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ctxOf = (env: Record<string, string | undefined>): Context => ({ cwd: dir, env, platform: process.platform, now: () => new Date() });

describe('settled', () => {
  test('a fine timestamp settles after a moment, a whole-second one after two seconds', () => {
    const stat = (ms: number) => ({ mtimeMs: ms, ctimeMs: ms }) as fs.Stats;
    const now = 1_700_000_010_000;
    expect(settled(stat(now - 50.5), now)).toBe(false);
    expect(settled(stat(now - 150.5), now)).toBe(true);
    expect(settled(stat(now - 1_000), now)).toBe(false);
    expect(settled(stat(now - 2_000), now)).toBe(true);
    // A change dated in the future (a clock set back) is not settled either.
    expect(settled(stat(now + 5_000.5), now)).toBe(false);
  });
});

describe('a journal', () => {
  test('notes a read file and sees a same-size edit that puts the mtime back', async () => {
    const { value, journal } = await journaled(async () => readInputFile(at('a.json'), 'utf8'));
    expect(value).toBe('{"value":1}');
    expect(journal.keepable).toBe(true);
    expect(journal.unchanged()).toBe(true);
    fs.writeFileSync(at('a.json'), '{"value":2}');
    fs.utimesSync(at('a.json'), AN_HOUR_AGO, AN_HOUR_AGO);
    expect(journal.unchanged()).toBe(false);
  });

  test('notes an absent file, and sees it appear; a missing parent folder (ENOTDIR) counts as absent', async () => {
    const { journal } = await journaled(async () => [observed.exists(at('new.json')), observed.statOf(at('a.json', 'below'))]);
    expect(journal.unchanged()).toBe(true);
    fs.writeFileSync(at('new.json'), '{}');
    expect(journal.unchanged()).toBe(false);
  });

  test('notes a file it could not open, and sees it appear', async () => {
    const { journal } = await journaled(async () => {
      expect(() => readInputFile(at('later.json'))).toThrow(/ENOENT/);
    });
    expect(journal.unchanged()).toBe(true);
    fs.writeFileSync(at('later.json'), '{}');
    expect(journal.unchanged()).toBe(false);
  });

  test('a file an open found missing is noted as absent, even when it is there by the time the failure is noted', async () => {
    // The open's error, then the file made before the journal hears of it: noting a stat made then would
    // vouch for a file the load never read.
    const file = at('raced.json');
    const failure = (() => {
      try {
        fs.openSync(file, 'r');
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toMatchObject({ code: 'ENOENT' });
    const { journal } = await journaled(async () => {
      fs.writeFileSync(file, '{}');
      observed.noteNotOpened(file, failure);
    });
    expect(journal.unchanged()).toBe(false);
  });

  test('a failure that says nothing of the file (no descriptor left, an I/O error) makes the load not keepable', async () => {
    const emfile = Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
    const opened = await journaled(async () => observed.noteNotOpened(at('a.json'), emfile));
    expect(opened.journal.keepable).toBe(false);
    expect(opened.journal.why).toBe(`${at('a.json')} could not be read (EMFILE)`);
    const refused = await journaled(async () => observed.noteNotOpened(at('b.json'), Object.assign(new Error('EACCES'), { code: 'EACCES' })));
    expect(refused.journal.keepable).toBe(true);
    expect(refused.journal.unchanged()).toBe(true);
  });

  test.runIf(process.platform === 'linux')('a file that opens but fails to read (EIO) makes the load not keepable', async () => {
    const { journal } = await journaled(async () => {
      expect(() => readInputFile('/proc/self/mem')).toThrow(/EIO/);
    });
    expect(journal.keepable).toBe(false);
    expect(journal.why).toBe('/proc/self/mem could not be read (EIO)');
  });

  // A real EMFILE: a process with few descriptors uses them all up, then lists a directory and reads a file
  // through the journal (its own bundle of src/files/journal.ts and src/files/read-input.ts).
  test.runIf(process.platform === 'linux')('a listing or a read that fails for want of a descriptor makes the load not keepable', async () => {
    const script = at('emfile.ts');
    fs.writeFileSync(
      script,
      `import fs from 'node:fs';
import { journaled, listDir } from ${JSON.stringify(path.join(REPO, 'src/files/journal.ts'))};
import { readInputFile } from ${JSON.stringify(path.join(REPO, 'src/files/read-input.ts'))};
const held = [];
try { for (;;) held.push(fs.openSync('/dev/null', 'r')); } catch {}
const attempt = (read) => journaled(async () => { try { read(); } catch (error) { return error.code; } });
const listing = await attempt(() => listDir(${JSON.stringify(at('folder'))}));
const reading = await attempt(() => readInputFile(${JSON.stringify(at('a.json'))}));
for (const fd of held) fs.closeSync(fd);
console.log(JSON.stringify([listing, reading].map(({ value, journal }) => ({ code: value, keepable: journal.keepable, why: journal.why }))));
`,
    );
    await build({ entryPoints: [script], bundle: true, platform: 'node', format: 'esm', mainFields: ['module', 'main'], outfile: at('emfile.mjs'), logLevel: 'silent' });
    const out = execFileSync('bash', ['-c', `ulimit -n 64 && exec "${process.execPath}" "${at('emfile.mjs')}"`], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([
      { code: 'EMFILE', keepable: false, why: `${at('folder')} could not be read (EMFILE)` },
      { code: 'EMFILE', keepable: false, why: `${at('a.json')} could not be read (EMFILE)` },
    ]);
  });

  test("a load that falls back on the system's home directory (HOME not set) sees it change", async () => {
    const saved = process.env.HOME;
    process.env.HOME = at('folder');
    try {
      const { value, journal } = await journaled(async (journal) => homeDir(journal.context(ctxOf({}))));
      expect(value).toBe(at('folder'));
      expect(journal.unchanged()).toBe(true);
      process.env.HOME = at('other');
      expect(journal.unchanged()).toBe(false);
    } finally {
      process.env.HOME = saved;
    }
  });

  test("notes a directory's listing, and sees an entry added; a missing directory, and sees it made", async () => {
    const { value, journal } = await journaled(async () => {
      expect(() => observed.listDir(at('none'))).toThrow(/ENOENT/);
      return observed.listDirEntries(at('folder')).map((entry) => entry.name);
    });
    expect(value).toEqual(['one.json']);
    expect(journal.unchanged()).toBe(true);
    fs.writeFileSync(at('folder', 'two.json'), '{}');
    expect(journal.unchanged()).toBe(false);

    const second = await journaled(async () => observed.listDir(at('other')));
    expect(second.journal.unchanged()).toBe(true);
    fs.mkdirSync(at('none'));
    expect(second.journal.unchanged()).toBe(true);
    fs.writeFileSync(at('other', 'x'), '');
    expect(second.journal.unchanged()).toBe(false);
  });

  test('notes what a realpath resolved to, and sees the symlink retargeted', async () => {
    const { value, journal } = await journaled(async () => [observed.realpath(at('link')), observed.realpathNative(at('link'))]);
    expect(value).toEqual([at('folder'), at('folder')]);
    expect(journal.unchanged()).toBe(true);
    fs.unlinkSync(at('link'));
    fs.symlinkSync(at('other'), at('link'));
    expect(journal.unchanged()).toBe(false);
  });

  test("notes a link's own stat, and sees it replaced by a link to the same place", async () => {
    const { value, journal } = await journaled(async () => observed.lstatOf(at('own-link'))?.isSymbolicLink());
    expect(value).toBe(true);
    expect(journal.unchanged()).toBe(true);
    fs.unlinkSync(at('own-link'));
    fs.symlinkSync(at('folder'), at('own-link'));
    expect(journal.unchanged()).toBe(false);
  });

  // Changing a file's owner needs root; the owner is what Gemini CLI's check of a system file reads from the link.
  test.runIf(process.getuid?.() === 0)("notes a link's own stat, and sees its owner change (chown -h)", async () => {
    const { journal } = await journaled(async () => [observed.lstatOf(at('link')), observed.lstatOf(at('no-such-link'))]);
    expect(journal.unchanged()).toBe(true);
    fs.lchownSync(at('link'), 1000, 1000);
    expect(journal.unchanged()).toBe(false);
  });

  test('notes the variables read through its context, and the names when the environment is listed', async () => {
    const env: Record<string, string | undefined> = { HOME: '/home/x', OTHER: 'o' };
    const read = await journaled(async (journal) => journal.context(ctxOf(env)).env.HOME);
    expect(read.value).toBe('/home/x');
    env.OTHER = 'changed';
    env.ADDED = 'new';
    expect(read.journal.unchanged()).toBe(true);
    env.HOME = '/home/y';
    expect(read.journal.unchanged()).toBe(false);

    const listed = await journaled(async (journal) => ({ ...journal.context(ctxOf(env)).env }));
    expect(listed.value).toEqual(env);
    expect(listed.journal.unchanged()).toBe(true);
    env.LATER = '1';
    expect(listed.journal.unchanged()).toBe(false);

    const asked = await journaled(async (journal) => 'UNSET' in journal.context(ctxOf(env)).env);
    expect(asked.value).toBe(false);
    env.UNSET = '';
    expect(asked.journal.unchanged()).toBe(false);
  });

  test('a load that reads the clock, or a file changed a moment ago, is not keepable', async () => {
    const clock = await journaled(async (journal) => journal.context(ctxOf({})).now());
    expect(clock.journal.keepable).toBe(false);
    expect(clock.journal.why).toMatch(/clock/);

    fs.writeFileSync(at('fresh.json'), '{}');
    const fresh = await journaled(async () => readInputFile(at('fresh.json'), 'utf8'));
    expect(fresh.journal.keepable).toBe(false);
    expect(fresh.journal.why).toContain('fresh.json');
  });

  test('two loads at once each note what both read; outside a load nothing is noted', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = journaled(async () => {
      await gate;
      return observed.exists(at('b.json'));
    });
    const second = await journaled(async () => observed.exists(at('c.json')));
    observed.exists(at('d.json'));
    release();
    const { journal } = await first;
    expect(journal.size).toBe(3);
    expect(second.journal.size).toBe(1);
    observed.exists(at('e.json'));
    expect([journal.size, second.journal.size]).toEqual([3, 1]);
    fs.writeFileSync(at('e.json'), '');
    expect(journal.unchanged()).toBe(true);
    fs.writeFileSync(at('c.json'), 'changed');
    expect(journal.unchanged()).toBe(false);
    expect(second.journal.unchanged()).toBe(false);
  });
});
