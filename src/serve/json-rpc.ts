// JSON-RPC 2.0 as `hookrun serve` speaks it (docs/serve.md): the error codes, a request read and checked
// from one line's text (its id kept as the exact text it was sent as), and any error as the JSON-RPC
// error `run` would have given for it.
import { HookrunError, errorText } from '../pipeline/errors.js';
import { parseJsonBounded } from '../files/json-depth.js';
import { mappedStackOf } from '../boot/stack-map.js';
import { describeJsonError } from '../pipeline/event/json.js';

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** A request that was well formed but could not be answered: a settings file that does not parse (exit 1 of `run`). */
export const HOOKRUN_ERROR = -32000;

export const METHODS = ['run', 'plan', 'shutdown'] as const;
export type Method = (typeof METHODS)[number];

/**
 * A request's id as the exact JSON text it was sent as: JSON.parse turns 12345678901234567890 into
 * 12345678901234567000 and 1e400 into Infinity, and JSON-RPC asks the answer to carry the id as sent.
 */
export type Id = string;
export const NULL_ID: Id = 'null';

export interface RpcError {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

export class RequestError extends Error {
  constructor(readonly rpc: RpcError) {
    super(rpc.message);
  }
}

/** A HookrunError as `run` would report it, as a JSON-RPC error: bad params (-32602) or a hookrun error (-32000). */
export function rpcErrorOf(error: unknown, line: number): RpcError {
  if (error instanceof RequestError) return { ...error.rpc, data: { ...error.rpc.data, line } };
  if (error instanceof HookrunError) {
    const code = error.kind === 'usage' || error.kind === 'input' ? INVALID_PARAMS : HOOKRUN_ERROR;
    const data: Record<string, unknown> = { exitCode: error.exitCode ?? 1, kind: error.kind, line };
    if (error.location) data.location = error.location;
    return { code, message: errorText(error), data };
  }
  return { code: INTERNAL_ERROR, message: `internal error: ${mappedStackOf(error)}`, data: { exitCode: 1, line } };
}

export function invalid(line: number, what: string): RequestError {
  return new RequestError({ code: INVALID_REQUEST, message: `stdin line ${line}: not a JSON-RPC 2.0 request: ${what}` });
}

/** A JSON-RPC id: a string, a number (any JSON number: its text is echoed, not its double) or null. */
function isId(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'number';
}

const STRUCTURE = /["{}[\]]/g;

/**
 * The exact text of the member `name` of the JSON object in `text` (the last one, which JSON.parse keeps),
 * or undefined. `text` has parsed already, so it is valid JSON and the scan needs no checks.
 */
function memberText(text: string, name: string): string | undefined {
  const blank = (at: number) => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
    return at;
  };
  /** The index after the string that starts at `at` (its closing quote is the first not escaped). */
  const afterString = (at: number) => {
    for (let end = text.indexOf('"', at + 1); ; end = text.indexOf('"', end + 1)) {
      let slashes = 0;
      while (text[end - 1 - slashes] === '\\') slashes++;
      if (slashes % 2 === 0) return end + 1;
    }
  };
  const afterValue = (at: number): number => {
    if (text[at] === '"') return afterString(at);
    if (text[at] !== '{' && text[at] !== '[') {
      while (at < text.length && !',}] \t\n\r'.includes(text[at]!)) at++;
      return at;
    }
    let depth = 0;
    for (;;) {
      // Straight to the next quote or bracket: params may be megabytes.
      STRUCTURE.lastIndex = at;
      at = STRUCTURE.exec(text)!.index;
      const c = text[at]!;
      if (c === '"') {
        at = afterString(at);
        continue;
      }
      depth += c === '{' || c === '[' ? 1 : -1;
      at++;
      if (depth === 0) return at;
    }
  };
  let found: string | undefined;
  let at = blank(text.indexOf('{') + 1);
  while (text[at] === '"') {
    const keyEnd = afterString(at);
    const key: unknown = JSON.parse(text.slice(at, keyEnd));
    const start = blank(blank(keyEnd) + 1);
    const end = afterValue(start);
    if (key === name) found = text.slice(start, end);
    at = blank(end);
    if (text[at] === ',') at = blank(at + 1);
  }
  return found;
}

/** One request as read from its line: its id (the text sent; undefined for a notification), method and params. */
export interface Request {
  id: Id | undefined;
  method: Method;
  params: unknown;
}

/**
 * The request on one line, checked as JSON-RPC 2.0 asks. Throws a ParseError for a line that is not JSON,
 * and a RequestError (with the id, once it could be read) for one that is not a request.
 */
export function readRequest(text: string, line: number): Request {
  let message: unknown;
  try {
    message = parseJsonBounded(text);
  } catch (error) {
    // Positions and words only: a request carries secrets, and V8's message repeats the text.
    const { offset, reason } = describeJsonError((error as Error).message, text);
    const column = offset + 1;
    throw new RequestError({ code: PARSE_ERROR, message: `stdin line ${line}, column ${column}: not JSON: ${reason}`, data: { line, column } });
  }
  let id: Id | undefined;
  try {
    if (Array.isArray(message)) throw invalid(line, 'a batch (an array); send one request per line');
    if (typeof message !== 'object' || message === null) throw invalid(line, `a JSON ${message === null ? 'null' : typeof message}, not an object`);
    const request = message as Record<string, unknown>;
    if ('id' in request) {
      if (!isId(request.id)) throw invalid(line, `"id" must be a string, a number or null, got ${JSON.stringify(request.id)}`);
      id = memberText(text, 'id')!;
    }
    if (request.jsonrpc !== '2.0') throw invalid(line, `"jsonrpc" must be "2.0", got ${JSON.stringify(request.jsonrpc) ?? 'nothing'}`);
    if (typeof request.method !== 'string') throw invalid(line, `"method" must be a string, got ${JSON.stringify(request.method) ?? 'nothing'}`);
    if (!(METHODS as readonly string[]).includes(request.method)) {
      throw new RequestError({ code: METHOD_NOT_FOUND, message: `stdin line ${line}: unknown method ${JSON.stringify(request.method)}; the methods are ${METHODS.join(', ')}` });
    }
    if (request.params !== undefined && (typeof request.params !== 'object' || request.params === null)) {
      throw invalid(line, '"params" must be an object');
    }
    if (Array.isArray(request.params)) {
      throw new RequestError({ code: INVALID_PARAMS, message: `stdin line ${line}: params by position are not supported; give an object`, data: { exitCode: 1 } });
    }
    return { id, method: request.method as Method, params: request.params };
  } catch (error) {
    throw new BadRequest(id, error);
  }
}

/** A line that is JSON but not a request, with the id when it could be read. */
export class BadRequest extends Error {
  constructor(
    readonly id: Id | undefined,
    readonly reason: unknown,
  ) {
    super('bad request');
  }
}
