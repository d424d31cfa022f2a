// An http hook: POST the event JSON, read the response. Loaded only when a plan has an http hook, so the
// `run` path of command hooks never pays for it. The result is a ProcessOutcome with `http` set, so the
// dialect reads it beside its command hooks; the timeout cancels the request, a connection failure or a
// URL outside the allow-list is an outcome, never a throw.
import type { HttpHookRequest } from '../dialects/dialect.js';
import type { ProcessOutcome } from '../types.js';

export interface HttpRunOptions {
  body: string;
  timeoutMs: number;
  maxCaptureBytes?: number;
  signal?: AbortSignal;
}

const DEFAULT_CAPTURE_BYTES = 1024 * 1024;

/** `*` matches any run of characters; the rest is literal; the whole URL must match. */
export function urlAllowed(url: string, patterns: readonly string[] | undefined): boolean {
  if (patterns === undefined) return true;
  return patterns.some((pattern) => new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(url));
}

export async function runHttpHook(request: HttpHookRequest, options: HttpRunOptions): Promise<ProcessOutcome> {
  const started = performance.now();
  const outcome = (fields: Partial<ProcessOutcome>): ProcessOutcome => ({
    stdout: '',
    stderr: '',
    exitCode: null,
    signal: null,
    timedOut: false,
    stdoutTruncated: false,
    stderrTruncated: false,
    killed: false,
    ...fields,
    durationMs: Math.round(performance.now() - started),
  });
  if (!urlAllowed(request.url, request.allowedUrls)) {
    const why = request.allowedUrls!.length === 0 ? 'allowedHttpHookUrls is empty, which blocks every http hook' : 'it matches no allowedHttpHookUrls pattern';
    return outcome({ http: { error: `${request.url} is not allowed: ${why}` } });
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const limit = options.maxCaptureBytes ?? DEFAULT_CAPTURE_BYTES;
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { ...request.headers, 'Content-Type': 'application/json' },
      body: options.body,
      signal,
      redirect: 'manual',
    });
    const { text, truncated } = await readCapped(response, limit);
    return outcome({ stdout: text, stdoutTruncated: truncated, exitCode: 0, http: { status: response.status } });
  } catch (error) {
    if (timeout.aborted) return outcome({ timedOut: true, http: { error: `no response within ${options.timeoutMs / 1000} s` } });
    if (options.signal?.aborted) return outcome({ http: { error: 'cancelled' } });
    return outcome({ http: { error: describeFetchError(error) } });
  }
}

/** The body, decoded as UTF-8, cut at `limit` bytes (the rest is not read). */
async function readCapped(response: Response, limit: number): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      chunks.push(value.subarray(0, limit - size));
      await reader.cancel();
      return { text: Buffer.concat(chunks).toString('utf8'), truncated: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
}

function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ''}`;
  return (error as Error).message ?? String(error);
}
