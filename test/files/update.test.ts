// Locked, atomic writes against a real temp directory.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { HookrunError } from '../../src/pipeline/errors.js';
import { writeFileAtomic } from '../../src/files/atomic.js';
import { lockPathFor, withGeminiLockDir } from '../../src/files/lock.js';
import { updateFile } from '../../src/files/update.js';
import { tempDir } from '../helpers/hooks.js';

let dir: string;
beforeEach(() => {
  dir = tempDir('hookrun-atomic-');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What a trust file gets: 0600 when new, its directory made (updateFile's write). */
const PRIVATE = { newFileMode: 0o600, makeParents: true };
const mode = (file: string) => fs.statSync(file).mode & 0o777;
const leftovers = () => fs.readdirSync(dir).filter((name) => name.includes('.tmp.') || name.endsWith('.lock'));

describe('writeFileAtomic', () => {
  test('a new file gets the mode asked for (0600), whatever the umask', () => {
    const file = path.join(dir, 'new.json');
    writeFileAtomic(file, '{}', PRIVATE);
    expect(fs.readFileSync(file, 'utf8')).toBe('{}');
    expect(mode(file)).toBe(0o600);
  });

  test('an existing file keeps its mode', () => {
    const file = path.join(dir, 'kept.json');
    fs.writeFileSync(file, 'old');
    fs.chmodSync(file, 0o640);
    writeFileAtomic(file, 'new', PRIVATE);
    expect(fs.readFileSync(file, 'utf8')).toBe('new');
    expect(mode(file)).toBe(0o640);
  });

  test('a symlinked file is written through: the link stays, its target changes', () => {
    const target = path.join(dir, 'real.json');
    const link = path.join(dir, 'link.json');
    fs.writeFileSync(target, 'old');
    fs.symlinkSync(target, link);
    writeFileAtomic(link, 'new', PRIVATE);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(target, 'utf8')).toBe('new');
  });

  test('creates missing directories and leaves no temp file behind', () => {
    const file = path.join(dir, 'a', 'b', 'c.json');
    writeFileAtomic(file, 'x', PRIVATE);
    expect(fs.readFileSync(file, 'utf8')).toBe('x');
    expect(leftovers()).toEqual([]);
  });

  // Root ignores directory permissions, so the failure cannot be provoked that way there.
  test.skipIf(process.getuid?.() === 0)('a failed write leaves the original untouched and no temp file', () => {
    const file = path.join(dir, 'ro', 'f.json');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, 'original');
    fs.chmodSync(path.dirname(file), 0o500);
    try {
      expect(() => writeFileAtomic(file, 'new', PRIVATE)).toThrow(HookrunError);
      expect(fs.readFileSync(file, 'utf8')).toBe('original');
      expect(fs.readdirSync(path.dirname(file))).toEqual(['f.json']);
    } finally {
      fs.chmodSync(path.dirname(file), 0o700);
    }
  });
});

describe('withGeminiLockDir', () => {
  test('the lock is a directory next to the real path, removed after use', async () => {
    const file = path.join(dir, 'f.json');
    fs.writeFileSync(file, '{}');
    let seen = false;
    await withGeminiLockDir(file, () => {
      seen = fs.statSync(`${file}.lock`).isDirectory();
    });
    expect(seen).toBe(true);
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  test('50 concurrent read-modify-writes in one process lose no update', async () => {
    const file = path.join(dir, 'counter.json');
    const updates = Array.from({ length: 50 }, (_, i) =>
      updateFile(file, {
        parse: (text) => (text === undefined ? [] : (JSON.parse(text) as number[])),
        change: (list) => JSON.stringify([...list, i]),
      }),
    );
    await Promise.all(updates);
    expect((JSON.parse(fs.readFileSync(file, 'utf8')) as number[]).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(leftovers()).toEqual([]);
  });

  test('a stale lock (its holder died: mtime older than the stale period) is broken', async () => {
    const file = path.join(dir, 'f.json');
    fs.writeFileSync(file, '{}');
    const lock = lockPathFor(file);
    fs.mkdirSync(lock);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, old, old);
    const started = Date.now();
    await withGeminiLockDir(file, () => undefined, { staleMs: 10_000, timeoutMs: 5000 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fs.existsSync(lock)).toBe(false);
  });

  test('a live lock is waited for, and a clear error names it when it is never released', async () => {
    const file = path.join(dir, 'f.json');
    fs.writeFileSync(file, '{}');
    fs.mkdirSync(lockPathFor(file));
    await expect(withGeminiLockDir(file, () => undefined, { timeoutMs: 300 })).rejects.toThrow(`it is locked by another process (${lockPathFor(file)})`);
  });

  test('a lock released while waiting is taken', async () => {
    const file = path.join(dir, 'f.json');
    fs.writeFileSync(file, '{}');
    fs.mkdirSync(lockPathFor(file));
    setTimeout(() => fs.rmdirSync(lockPathFor(file)), 200);
    await expect(withGeminiLockDir(file, () => 'done', { timeoutMs: 5000 })).resolves.toBe('done');
  });
});

describe('updateFile', () => {
  test('unchanged content is not written (mtime and inode stay)', async () => {
    const file = path.join(dir, 'f.json');
    fs.writeFileSync(file, '{"a":1}');
    const before = fs.statSync(file);
    const result = await updateFile(file, { parse: (text) => text, change: (text) => text });
    expect(result).toBe('unchanged');
    expect(fs.statSync(file).ino).toBe(before.ino);
  });

  test('a parse error refuses the update and leaves the file as it was', async () => {
    const file = path.join(dir, 'f.json');
    fs.writeFileSync(file, '{broken');
    await expect(
      updateFile(file, {
        parse: () => {
          throw new HookrunError('config', 'bad file');
        },
        change: () => 'new',
      }),
    ).rejects.toThrow('bad file');
    expect(fs.readFileSync(file, 'utf8')).toBe('{broken');
    expect(leftovers()).toEqual([]);
  });

  test('a writer that does not lock (Gemini CLI on trusted_hooks.json) changing the file meanwhile is not overwritten', async () => {
    const file = path.join(dir, 'f.json');
    fs.writeFileSync(file, '["gemini-0"]');
    let rounds = 0;
    await updateFile(file, {
      parse: (text) => JSON.parse(text!) as string[],
      change: (list) => {
        rounds++;
        // First round: someone else writes between our read and our rename.
        if (rounds === 1) fs.writeFileSync(file, '["gemini-0","gemini-1"]');
        return JSON.stringify([...list, 'hookrun']);
      },
    });
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(['gemini-0', 'gemini-1', 'hookrun']);
    expect(rounds).toBe(2);
  });

  test('nothing to write in a directory that does not exist: nothing is created', async () => {
    const file = path.join(dir, 'missing', 'f.json');
    const result = await updateFile(file, { parse: (text) => text, change: () => undefined });
    expect(result).toBe('unchanged');
    expect(fs.existsSync(path.dirname(file))).toBe(false);
  });
});
