// The one waiting rule of both lock conventions (src/files/lock.ts): a lock whose holder cannot be
// checked is broken once stale, and a waiter always waits longer than that, so such a lock delays a
// write by the stale period and never makes it fail.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FOREIGN_STALE_MS, LOCK_STALE_MS, LOCK_WAIT_MS, lockPathFor, ORPHAN_STALE_MS, SETTINGS_LOCK_WAIT_MS, withGeminiLockDir, withSettingsLock } from '../../src/files/lock.js';
import { tempDir } from '../helpers/hooks.js';

let dir: string;
beforeEach(() => {
  dir = tempDir('hookrun-lock-');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('one waiting rule for both conventions', () => {
  test('the default wait outlasts the stale period: 10 s for the directory (15 s wait); the settings lock as docs/safety.md says', () => {
    expect(LOCK_WAIT_MS).toBeGreaterThan(LOCK_STALE_MS);
    expect([ORPHAN_STALE_MS, SETTINGS_LOCK_WAIT_MS, FOREIGN_STALE_MS]).toEqual([5_000, 10_000, 30_000]);
  });

  test('an empty settings lock (its creator died before writing its owner) is broken once stale, and the write goes on', async () => {
    const file = path.join(dir, 'settings.json');
    fs.writeFileSync(lockPathFor(file), '');
    const started = Date.now();
    expect(await withSettingsLock(file, () => 'ran', { staleMs: 300 })).toBe('ran');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(fs.existsSync(lockPathFor(file))).toBe(false);
  });

  test('a lock directory left by a dead holder is broken once stale, and the write goes on', async () => {
    const file = path.join(dir, 'trustedFolders.json');
    fs.mkdirSync(lockPathFor(file));
    const started = Date.now();
    expect(await withGeminiLockDir(file, () => 'ran', { staleMs: 300 })).toBe('ran');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(fs.existsSync(lockPathFor(file))).toBe(false);
  });

  test('a holder slower than the stale period keeps its lock: it refreshes it', async () => {
    const file = path.join(dir, 'settings.json');
    const order: string[] = [];
    const slow = withSettingsLock(
      file,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        order.push('slow');
      },
      { staleMs: 200 },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    // An owner on "another host" is judged by age alone: without the refresh it would be broken at 200 ms.
    const owner = JSON.parse(fs.readFileSync(lockPathFor(file), 'utf8')) as { host: string };
    fs.writeFileSync(lockPathFor(file), JSON.stringify({ ...owner, host: 'elsewhere.invalid' }));
    const fast = withSettingsLock(file, () => order.push('fast'), { staleMs: 200, timeoutMs: 5000 });
    await Promise.all([slow, fast]);
    expect(order).toEqual(['slow', 'fast']);
  });
});
