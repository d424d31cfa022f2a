// The stat-keyed cache of parsed files, against real files: it is used while a file is unchanged,
// and any write (even one that keeps the size and puts the mtime back) makes the next read parse anew.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readParsed } from '../../src/files/cache.js';
import { SETTLE_MS } from '../../src/files/journal.js';
import { tempDir } from '../helpers/hooks.js';

// Every write moves the ctime to now, and a file changed within SETTLE_MS of its read is never kept: the
// files the tests read are written once, up front, and left to age past that window.
const AN_HOUR_AGO = new Date(Date.now() - 3_600_000);
let dir: string;
const at = (name: string) => path.join(dir, name);
beforeAll(async () => {
  dir = tempDir('hookrun-cache-');
  for (const name of ['kept.json', 'edited.json', 'renamed.json', 'next.json', 'gone.json', 'two-parsers.json']) {
    fs.writeFileSync(at(name), name === 'next.json' ? 'two' : name === 'renamed.json' ? 'one' : name === 'edited.json' ? '{"reason":"first"}' : 'text');
    fs.utimesSync(at(name), AN_HOUR_AGO, AN_HOUR_AGO);
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS.coarse + 200));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let parses = 0;
function parse(text: string | undefined, file: string): { text: string | undefined; file: string } {
  parses++;
  return { text, file };
}

describe('readParsed', () => {
  test('an unchanged file is parsed once; a missing one each time, as undefined', () => {
    parses = 0;
    expect(readParsed(at('none.json'), parse).text).toBeUndefined();
    const first = readParsed(at('kept.json'), parse);
    expect(first.text).toBe('text');
    expect(readParsed(at('kept.json'), parse)).toBe(first);
    expect(parses).toBe(2);
  });

  test('a same-size in-place edit with the mtime put back is seen (the ctime moved)', () => {
    const file = at('edited.json');
    expect(readParsed(file, parse).text).toBe('{"reason":"first"}');
    const before = fs.statSync(file);
    fs.writeFileSync(file, '{"reason":"again"}');
    fs.utimesSync(file, AN_HOUR_AGO, AN_HOUR_AGO);
    const after = fs.statSync(file);
    expect([after.ino, after.size, after.mtimeMs]).toEqual([before.ino, before.size, before.mtimeMs]);
    expect(readParsed(file, parse).text).toBe('{"reason":"again"}');
  });

  test('a file replaced by rename (a new inode) with the same size and mtime is seen', () => {
    const file = at('renamed.json');
    expect(readParsed(file, parse).text).toBe('one');
    fs.renameSync(at('next.json'), file);
    expect(readParsed(file, parse).text).toBe('two');
  });

  test('a file written within the racy window is re-read at every use', () => {
    const file = at('fresh.json');
    fs.writeFileSync(file, 'fresh');
    fs.utimesSync(file, AN_HOUR_AGO, AN_HOUR_AGO);
    parses = 0;
    readParsed(file, parse);
    readParsed(file, parse);
    expect(parses).toBe(2);
  });

  test('a file that is gone is seen as gone; a read error is thrown and nothing is kept', () => {
    const file = at('gone.json');
    expect(readParsed(file, parse).text).toBe('text');
    fs.rmSync(file);
    expect(readParsed(file, parse).text).toBeUndefined();
    fs.mkdirSync(file);
    expect(() => readParsed(file, parse)).toThrow(/EISDIR/);
  });

  test('each parser keeps its own result for the same file', () => {
    const file = at('two-parsers.json');
    const upper = (text: string | undefined) => text?.toUpperCase();
    expect(readParsed(file, parse).text).toBe('text');
    expect(readParsed(file, upper)).toBe('TEXT');
  });
});
