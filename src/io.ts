// The streams and signals a command talks to, injected so that nothing below the CLI touches
// process.stdout, process.exit or process.on directly.
import { setMaxListeners } from 'node:events';
import { type Stdin, processStdin } from './event/input.js';

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
}

/** Colour only on a terminal, unless NO_COLOR / FORCE_COLOR say otherwise. */
export function wantsColor(isTTY: boolean | undefined, env: Readonly<Record<string, string | undefined>>): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return Boolean(isTTY);
}

const INTERRUPTS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Stdout is asynchronous on a pipe: without waiting, megabytes written pile up in memory. A closed reader ends the wait too. */
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
 * A writer for a standard stream whose reader may go away (`hookrun … | head`): EPIPE then means
 * "nobody is listening", not a hookrun failure, so later writes are dropped instead of crashing.
 */
function writerTo(stream: NodeJS.WriteStream): (text: string) => void {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    closed = true;
  });
  return (text) => {
    if (!closed) stream.write(text);
  };
}

export function processIO(): IO {
  const io: IO = {
    stdout: writerTo(process.stdout),
    stderr: writerTo(process.stderr),
    stdin: processStdin(),
    drainStdout: () => drained(process.stdout),
    colorStdout: wantsColor(process.stdout.isTTY, process.env),
    colorStderr: wantsColor(process.stderr.isTTY, process.env),
    async withInterrupt(work) {
      const controller = new AbortController();
      // Every running hook listens for the interrupt: more than Node's default of 10 at once is normal
      // (16 parallel hooks printed a MaxListenersExceededWarning on stderr).
      setMaxListeners(0, controller.signal);
      const onSignal = (signal: NodeJS.Signals) => {
        if (controller.signal.aborted) {
          // Loaded already: the hooks being stopped were started through it.
          void import('./exec/process.js').then((process) => process.killAllNow());
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
