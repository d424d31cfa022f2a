// Atomic writes and the lock file, against real files and real (dead or alive) processes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { writeFileAtomic } from '../../src/files/atomic.js';
import { LockTimeoutError, withSettingsLock } from '../../src/files/lock.js';
import { tempDir } from '../helpers/hooks.js';

let dir: string;
beforeEach(() => {
  dir = tempDir('hookrun-write-');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const leftovers = () => fs.readdirSync(dir).filter((name) => name.endsWith('.tmp') || name.endsWith('.lock') || name.endsWith('.stale'));

/** A pid that surely belongs to no running process: a child that has exited and been reaped. */
function deadPid(): number {
  return spawnSync('true').pid!;
}

describe('writeFileAtomic', () => {
  test('replaces the content and keeps the permission bits; leaves no temp file', async () => {
    const file = path.join(dir, 'settings.json');
    fs.writeFileSync(file, 'old');
    fs.chmodSync(file, 0o600);
    writeFileAtomic(file, 'new');
    expect(fs.readFileSync(file, 'utf8')).toBe('new');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(leftovers()).toEqual([]);
  });

  test('creates a missing file with the usual mode (0666 minus umask)', async () => {
    const file = path.join(dir, 'new.json');
    writeFileAtomic(file, '{}');
    const umask = process.umask();
    expect(fs.statSync(file).mode & 0o777).toBe(0o666 & ~umask);
  });

  test('writes through a symlink, which stays a symlink', async () => {
    const real = path.join(dir, 'real.json');
    const link = path.join(dir, 'link.json');
    fs.writeFileSync(real, 'old');
    fs.symlinkSync(real, link);
    writeFileAtomic(link, 'new');
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(real, 'utf8')).toBe('new');
  });

  test('a failing write leaves the old file and no temp file', async () => {
    const file = path.join(dir, 'sub', 'settings.json');
    expect(() => writeFileAtomic(file, 'x')).toThrow(/ENOENT/);
    expect(leftovers()).toEqual([]);
  });
});

describe('withSettingsLock', () => {
  test('runs critical sections one at a time and removes the lock', async () => {
    const file = path.join(dir, 'f.json');
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        withSettingsLock(file, async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 5));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(leftovers()).toEqual([]);
  });

  test('returns what the section returns and releases the lock when it throws', async () => {
    const file = path.join(dir, 'f.json');
    expect(await withSettingsLock(file, () => 42)).toBe(42);
    await expect(withSettingsLock(file, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  test('takes over a lock whose owner process is dead', async () => {
    const file = path.join(dir, 'f.json');
    fs.writeFileSync(`${file}.lock`, JSON.stringify({ pid: deadPid(), host: os.hostname(), token: 't', since: 'then' }));
    expect(await withSettingsLock(file, () => 'ran', { timeoutMs: 2000 })).toBe('ran');
    expect(leftovers()).toEqual([]);
  });

  test('takes over an unreadable lock only once it is older than staleMs', async () => {
    const file = path.join(dir, 'f.json');
    fs.writeFileSync(`${file}.lock`, '');
    await expect(withSettingsLock(file, () => 'ran', { timeoutMs: 100, staleMs: 60_000 })).rejects.toBeInstanceOf(LockTimeoutError);
    const old = new Date(Date.now() - 120_000);
    fs.utimesSync(`${file}.lock`, old, old);
    expect(await withSettingsLock(file, () => 'ran', { timeoutMs: 1000, staleMs: 60_000 })).toBe('ran');
  });

  test('waits for a live owner, then gives up naming the lock file and its owner', async () => {
    const file = path.join(dir, 'f.json');
    const owner = { pid: process.pid, host: os.hostname(), token: 'someone-else', since: '2026-01-01T00:00:00.000Z' };
    fs.writeFileSync(`${file}.lock`, JSON.stringify(owner));
    const error = await withSettingsLock(file, () => 'ran', { timeoutMs: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LockTimeoutError);
    expect((error as Error).message).toBe(
      `could not lock ${file}.lock (held by process ${process.pid} on ${os.hostname()} since 2026-01-01T00:00:00.000Z); if no hookrun is running, delete that file`,
    );
    // Someone else's lock is left alone.
    expect(JSON.parse(fs.readFileSync(`${file}.lock`, 'utf8'))).toEqual(owner);
  });

  test('a lock from another host is judged by its age', async () => {
    const file = path.join(dir, 'f.json');
    fs.writeFileSync(`${file}.lock`, JSON.stringify({ pid: 1, host: 'elsewhere.invalid', token: 't', since: 'then' }));
    await expect(withSettingsLock(file, () => 'ran', { timeoutMs: 100, staleMs: 60_000 })).rejects.toBeInstanceOf(LockTimeoutError);
    expect(await withSettingsLock(file, () => 'ran', { timeoutMs: 1000, staleMs: 0 })).toBe('ran');
  });
});
