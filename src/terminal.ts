// Is a standard descriptor a terminal? Asked of the descriptor, not of process.stdin/stdout/stderr:
// those build a stream (node:net and a socket for a pipe, paid by every run that asks). A pipe,
// file or socket is no terminal, and saying so needs no module; only a character device is asked of
// node:tty (/dev/null is one, and no terminal).
import fs from 'node:fs';

export function isTerminal(fd: 0 | 1 | 2): boolean {
  try {
    if (!fs.fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return process.getBuiltinModule('node:tty').isatty(fd);
}
