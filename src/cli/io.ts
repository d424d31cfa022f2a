// The streams and signals a command talks to, injected so that nothing below the CLI touches
// process.stdout, process.exit or process.on directly.
import { setMaxListeners } from 'node:events';
import fs from 'node:fs';
import { type Stdin, processStdin } from '../pipeline/event/input.js';
import { isTerminal } from './terminal.js';

export interface IO {
  stdout(text: string): void;
  stderr(text: string): void;
  stdin: Stdin;
  colorStdout: boolean;
  colorStderr: boolean;
  /**
   * Runs `work` with a signal that aborts when hookrun itself is interrupted (SIGINT, SIGTERM,
   * SIGHUP), so running hooks are stopped before hookrun exits. `interrupted` then names the signal.
   * A second signal while they are being stopped kills them at once (no grace period).
   */
  withInterrupt<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  interrupted?: NodeJS.Signals;
  /** Resolves once stdout has taken what was written (backpressure), for output of megabytes. */
  drainStdout?(): Promise<void>;
  /** Why writing to stdout failed (a full disk, a closed descriptor), once it has; the CLI then exits 1. */
  stdoutFailure?(): NodeJS.ErrnoException | undefined;
}

/** Colour only on a terminal, unless NO_COLOR / FORCE_COLOR say otherwise. */
function wantsColor(isTTY: boolean | undefined, env: Readonly<Record<string, string | undefined>>): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return Boolean(isTTY);
}

const INTERRUPTS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** A stream that queues (a pipe on Linux is written without blocking): megabytes written pile up in memory unless waited for. A closed reader ends the wait too. */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done).off('close', done).off('error', done);
      resolve();
    };
    stream.on('drain', done).on('close', done).on('error', done);
  });
}

/**
 * A writer for standard output or error. It writes to the descriptor itself while the descriptor
 * takes whole writes, as the blocking pipes and files that agents and shells hand over do:
 * process.stdout would build a stream (node:net and a socket for a pipe: ~1.3 ms of every run,
 * docs/perf.md). A terminal (colours, Windows' console), a descriptor that would block (EAGAIN) or any other
 * error hands the rest of the write, and every later one, to the stream, which queues, waits and
 * reports errors itself. EPIPE (`hookrun … | head`) means nobody is listening, not a hookrun failure:
 * later writes are dropped instead of crashing.
 */
class StdWriter {
  #stream: NodeJS.WriteStream | undefined;
  #closed = false;
  /** A write failed for a reason other than a gone reader: later writes are dropped, and stdout's failure is reported. */
  failure: NodeJS.ErrnoException | undefined;

  constructor(
    private readonly fd: 1 | 2,
    direct: boolean,
  ) {
    if (!direct) this.#toStream();
  }

  readonly write = (text: string): void => {
    if (this.#closed) return;
    if (this.#stream) {
      this.#stream.write(text);
      return;
    }
    const bytes = Buffer.from(text, 'utf8');
    let written = 0;
    try {
      while (written < bytes.length) written += fs.writeSync(this.fd, bytes, written);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') {
        this.#closed = true;
        return;
      }
      // Only a descriptor that would block is the stream's to handle; ENOSPC, EIO or EBADF will not get better.
      if (code !== 'EAGAIN') return this.#fail(error as NodeJS.ErrnoException);
      this.#toStream().write(bytes.subarray(written));
    }
  };

  #fail(error: NodeJS.ErrnoException): void {
    this.#closed = true;
    this.failure ??= error;
  }

  /** Resolves once what was written has been taken (at once, unless the stream queued it). */
  drained(): Promise<void> {
    return this.#stream ? drained(this.#stream) : Promise.resolve();
  }

  #toStream(): NodeJS.WriteStream {
    if (this.#stream) return this.#stream;
    const stream = this.fd === 1 ? process.stdout : process.stderr;
    // Never thrown: a full disk behind stderr must not turn a deny's exit 2 into a crash's 1.
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') this.#closed = true;
      else this.#fail(error);
    });
    return (this.#stream = stream);
  }
}

export function processIO(): IO {
  const terminal = { stdout: isTerminal(1), stderr: isTerminal(2) };
  const direct = process.platform !== 'win32';
  const stdout = new StdWriter(1, direct && !terminal.stdout);
  const stderr = new StdWriter(2, direct && !terminal.stderr);
  const io: IO = {
    stdout: stdout.write,
    stderr: stderr.write,
    stdin: processStdin(),
    drainStdout: () => stdout.drained(),
    stdoutFailure: () => stdout.failure,
    colorStdout: wantsColor(terminal.stdout, process.env),
    colorStderr: wantsColor(terminal.stderr, process.env),
    async withInterrupt(work) {
      const controller = new AbortController();
      // Every running hook listens for the interrupt: more than Node's default of 10 at once is normal
      // (16 parallel hooks printed a MaxListenersExceededWarning on stderr).
      setMaxListeners(0, controller.signal);
      const onSignal = (signal: NodeJS.Signals) => {
        if (controller.signal.aborted) {
          // Loaded already: the hooks being stopped were started through it.
          void import('../exec/process.js').then((process) => process.killAllNow());
          return;
        }
        io.interrupted ??= signal;
        controller.abort(signal);
      };
      for (const s of INTERRUPTS) process.on(s, onSignal);
      try {
        return await work(controller.signal);
      } finally {
        for (const s of INTERRUPTS) process.off(s, onSignal);
      }
    },
  };
  return io;
}
