// A JSON-RPC client for `hookrun serve`, on the real bin through real pipes, as an agent drives it.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { BIN } from '../helpers/cli.js';

export interface Answer {
  jsonrpc: '2.0';
  id: string | number | null;
  result?: any;
  error?: { code: number; message: string; data?: any };
}

export class ServeClient {
  readonly child: ChildProcess;
  readonly answers: Answer[] = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  #buffer = '';
  #waiters: (() => void)[] = [];
  #next = 1;

  constructor(args: readonly string[], options: { env: Record<string, string>; cwd?: string }) {
    this.child = spawn(process.execPath, [BIN, 'serve', ...args], { env: options.env, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      this.#buffer += text;
      for (let nl = this.#buffer.indexOf('\n'); nl !== -1; nl = this.#buffer.indexOf('\n')) {
        this.answers.push(JSON.parse(this.#buffer.slice(0, nl)) as Answer);
        this.#buffer = this.#buffer.slice(nl + 1);
      }
      for (const wake of this.#waiters.splice(0)) wake();
    });
    this.child.stderr!.setEncoding('utf8').on('data', (text: string) => (this.stderr += text));
    this.child.stdin!.on('error', () => {});
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** Writes one line as it is. */
  line(text: string): void {
    this.child.stdin!.write(`${text}\n`);
  }

  /** Sends a request (a fresh id unless given); returns its id. */
  send(method: string, params?: unknown, id: string | number | null = this.#next++): string | number | null {
    this.line(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }));
    return id;
  }

  notify(method: string, params?: unknown): void {
    this.line(JSON.stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) }));
  }

  /** The answer with this id, once it has come. */
  async answer(id: string | number | null, timeoutMs = 20_000): Promise<Answer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.answers.find((a) => a.id === id);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no answer for id ${JSON.stringify(id)} within ${timeoutMs} ms; answers ${JSON.stringify(this.answers)}; stderr ${this.stderr}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Sends and waits for the answer. */
  async call(method: string, params?: unknown): Promise<Answer> {
    return this.answer(this.send(method, params));
  }

  end(): void {
    this.child.stdin!.end();
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
  }
}

/** Is a process with this pid still alive (and not a zombie)? */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}
