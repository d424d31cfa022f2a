// An http hook: POST the event JSON, read the response (node:http / node:https). Loaded only when a plan has
// an http hook, so the `run` path of command hooks never pays for it. The result is a ProcessOutcome with `http` set, so the
// dialect reads it beside its command hooks; the timeout cancels the request, a connection failure or a
// URL outside the allow-list is an outcome, never a throw.
import http from 'node:http';
import https from 'node:https';
import type { HttpHookRequest } from '../dialects/dialect.js';
import type { ProcessOutcome } from '../pipeline/types.js';
import { boundedTest, REGEX_BUDGET_MS } from '../pipeline/regex.js';

export interface HttpRunOptions {
  body: string;
  timeoutMs: number;
  maxCaptureBytes?: number;
  signal?: AbortSignal;
}

const DEFAULT_CAPTURE_BYTES = 1024 * 1024;

/**
 * `*` matches any run of characters; the rest is literal; the whole URL must match. Undefined when no pattern
 * matched and one did not finish within hookrun's regex budget (a settings file's pattern, like a matcher).
 */
function urlAllowed(url: string, patterns: readonly string[] | undefined): boolean | undefined {
  if (patterns === undefined) return true;
  let unfinished = false;
  for (const pattern of patterns) {
    const matches = boundedTest(
      new RegExp(
        `^${pattern
          .split('*')
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      ),
      url,
    );
    if (matches) return true;
    if (matches === undefined) unfinished = true;
  }
  return unfinished ? undefined : false;
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
  const allowed = urlAllowed(request.url, request.allowedUrls);
  if (allowed !== true) {
    const why =
      request.allowedUrls!.length === 0
        ? 'allowedHttpHookUrls is empty, which blocks every http hook'
        : allowed === undefined
          ? `an allowedHttpHookUrls pattern did not finish within ${REGEX_BUDGET_MS} ms on it (Claude Code would hang here), and no other pattern matches`
          : 'it matches no allowedHttpHookUrls pattern';
    return outcome({ http: { error: `${request.url} is not allowed: ${why}` } });
  }
  const limit = options.maxCaptureBytes ?? DEFAULT_CAPTURE_BYTES;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return outcome({ http: { error: `${request.url} is not a valid URL` } });
  }
  // node:http rather than fetch: fetch refuses its "bad ports" list (1, 25, 6000, ...), which Claude Code's
  // client does not, and would change which hooks can be reached.
  const client = url.protocol === 'https:' ? https : http;
  const body = Buffer.from(options.body, 'utf8');
  return new Promise<ProcessOutcome>((resolve) => {
    let settled = false;
    const finish = (fields: Partial<ProcessOutcome>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      req.destroy();
      resolve(outcome(fields));
    };
    const req = client.request(url, { method: 'POST', headers: { ...request.headers, 'Content-Type': 'application/json', 'Content-Length': String(body.length) } }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size + chunk.length > limit) {
          chunks.push(chunk.subarray(0, limit - size));
          finish({ stdout: Buffer.concat(chunks).toString('utf8'), stdoutTruncated: true, exitCode: 0, http: { status: response.statusCode ?? 0 } });
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => finish({ stdout: Buffer.concat(chunks).toString('utf8'), exitCode: 0, http: { status: response.statusCode ?? 0 } }));
      response.on('error', (error) => finish({ http: { error: describeError(error) } }));
    });
    const timer = setTimeout(() => finish({ timedOut: true, http: { error: `no response within ${options.timeoutMs / 1000} s` } }), options.timeoutMs);
    const onAbort = () => finish({ http: { error: 'cancelled' } });
    options.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => finish({ http: { error: describeError(error) } }));
    req.end(body);
  });
}

function describeError(error: NodeJS.ErrnoException): string {
  return error.code ? `${error.code} (${error.message})` : error.message;
}
