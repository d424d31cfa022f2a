// The two checks every hookrun editor makes before it changes a user's file (settings, trust files):
// the file must be valid UTF-8 (decoding anything else replaces the bad bytes with U+FFFD, so the
// rewrite would silently destroy them), and an existing file must be writable by us (replacing it by
// rename only needs the directory to be writable, so a read-only file would otherwise be overwritten).
// Both refuse with a config error (exit 1) and leave the file as it is.
import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import { configError } from '../pipeline/errors.js';
import { readInputFile } from './read-input.js';

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b === 0xe0) [need, min] = [2, 0xa0];
    else if (b === 0xed) [need, min, max] = [2, 0x80, 0x9f];
    else if (b >= 0xe1 && b <= 0xef) [need, min] = [2, 0x80];
    else if (b === 0xf0) [need, min] = [3, 0x90];
    else if (b === 0xf4) [need, min, max] = [3, 0x80, 0x8f];
    else if (b >= 0xf1 && b <= 0xf3) [need, min] = [3, 0x80];
    else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      // The second byte has the narrowed range (overlongs, surrogates, > U+10FFFF); the rest 80..BF.
      if (c === undefined || c < (k === 1 ? min : 0x80) || c > (k === 1 ? max : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

/**
 * The text of `bytes`, refusing (config error naming file:line:column and the byte offset) when they
 * are not valid UTF-8.
 */
export function decodeEditable(bytes: Uint8Array, file: string): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isUtf8(buffer)) return buffer.toString('utf8');
  const offset = firstInvalidUtf8(buffer);
  const before = buffer.subarray(0, offset).toString('utf8');
  const line = before.split('\n').length;
  const column = [...before.slice(before.lastIndexOf('\n') + 1)].length + 1;
  const location = { file, line, column, path: [] };
  throw configError(
    `${file}:${line}:${column}: not valid UTF-8 (byte offset ${offset}: 0x${buffer[offset]!.toString(16).padStart(2, '0')}); ` +
      'hookrun edits only UTF-8 files, so it left the file untouched. Re-save it as UTF-8 and retry.',
    location,
  );
}

/** The file's text for editing; undefined when it does not exist. */
export function readEditableSync(file: string): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readInputFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw configError(`cannot read ${file}: ${(error as Error).message}`);
  }
  return decodeEditable(bytes, file);
}

/**
 * Refuses to replace an existing file that we may not write (a read-only file, e.g. mode 0444).
 * Root passes access() for any file; that is the kernel's answer, and root can chmod anyway.
 * `access` is a seam for tests only.
 */
export function assertReplaceable(target: string, file = target, access: (p: string, mode: number) => void = fs.accessSync): void {
  try {
    access(target, fs.constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw configError(
        `cannot write ${file}: the file is read-only for this user (${code}); hookrun left it untouched. ` + 'Make it writable (e.g. chmod u+w) if you want hookrun to change it.',
      );
    }
    throw configError(`cannot write ${file}: ${(error as Error).message}`);
  }
}
