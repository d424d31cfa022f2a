// Is a standard descriptor a terminal? Asked of the descriptor, not of process.stdin/stdout/stderr:
// those build a stream (node:net and a socket for a pipe, paid by every run that asks). A pipe,
// file or socket is no terminal, and saying so needs no module; only a character device is asked of
// Node's tty binding (/dev/null is one, and no terminal).
import fs from 'node:fs';
import { nodeBinding } from '../boot/node-binding.js';

export function isTerminal(fd: 0 | 1 | 2): boolean {
  try {
    if (!fs.fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  // node:tty's isatty is this binding's isTTY; node:tty itself loads node:net (stdout on /dev/null).
  const isTTY = nodeBinding('tty_wrap')?.isTTY;
  return typeof isTTY === 'function' ? (isTTY as (fd: number) => boolean)(fd) : process.getBuiltinModule('node:tty').isatty(fd);
}
