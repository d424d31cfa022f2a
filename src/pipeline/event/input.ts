// Event in: the event name and its JSON, from the first source that applies (README.md "Event input"):
// --event, --event-file (- = stdin), piped stdin, else {}; convenience flags set fields on top.
import fs from 'node:fs';
import type { Dialect } from '../../dialects/dialect.js';
import { HookrunError, inputError, usageError } from '../errors.js';
import { inputLimit, readInputFile, tooLarge, UnsafeInputError } from '../../files/read-input.js';
import { isTerminal } from '../../cli/terminal.js';
import type { JsonObject } from '../types.js';
import { describeType, isPlainObject, parseJson } from './json.js';

export interface EventOptions {
  /** Positional event name. */
  event?: string;
  /** `--event '<json>'` */
  eventJson?: string;
  /** `--event-file <path>` (`-` = stdin) */
  eventFile?: string;
  tool?: string;
  toolInput?: string;
  /** `--tool-response '<json>'` (AfterTool) */
  toolResponse?: string;
  prompt?: string;
  source?: string;
  reason?: string;
  trigger?: string;
}

/** Standard input, injected so tests and callers decide what "a terminal" is. */
export interface Stdin {
  isTTY: boolean;
  read(): Promise<string>;
}

export function processStdin(): Stdin {
  return {
    get isTTY() {
      return isTerminal(0);
    },
    read: readStdin,
  };
}

/**
 * All of standard input. Read from the descriptor while it blocks (the usual pipe or file: no stream,
 * so no node:net); a non-blocking descriptor (EAGAIN) or any other surprise hands the rest to
 * process.stdin, which waits for data as a stream does.
 */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  const buffer = Buffer.allocUnsafe(64 * 1024);
  const max = inputLimit();
  let total = 0;
  const take = (chunk: Buffer) => {
    total += chunk.length;
    // Bounded like a file: `hookrun run < /dev/zero` ends with an error, not with 2 GB of memory.
    if (total > max) throw inputError(tooLarge('standard input', max).message);
    chunks.push(chunk);
  };
  try {
    for (;;) {
      const count = fs.readSync(0, buffer, 0, buffer.length, null);
      if (count === 0) return Buffer.concat(chunks).toString('utf8');
      take(Buffer.from(buffer.subarray(0, count)));
    }
  } catch (error) {
    if (error instanceof HookrunError) throw error;
    // Closed (`<&-`): nothing to read, as from an empty pipe; Node's own stream would fail with EBADF.
    if ((error as NodeJS.ErrnoException).code === 'EBADF') return '';
    for await (const chunk of process.stdin) take(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
}

async function readEventText(options: EventOptions, stdin: Stdin): Promise<{ text: string; origin: string }> {
  if (options.eventJson !== undefined) return { text: options.eventJson, origin: '--event' };
  if (options.eventFile !== undefined) {
    if (options.eventFile === '-') return { text: await stdin.read(), origin: '<stdin>' };
    try {
      // Synchronous: nothing else is under way yet, and a promise would start libuv's pool of four threads.
      return { text: readInputFile(options.eventFile, 'utf8'), origin: options.eventFile };
    } catch (error) {
      if (error instanceof UnsafeInputError) throw inputError(`--event-file: ${error.message}`);
      const code = (error as NodeJS.ErrnoException).code;
      throw inputError(`--event-file ${options.eventFile}: cannot read (${code ?? (error as Error).message})`);
    }
  }
  // A call that names its event with flags never reads (nor waits on) a stdin it merely inherited:
  // a `while read` loop's file, or a parent's pipe that stays open (README.md "Event input").
  if (!stdin.isTTY && !givesFields(options)) return { text: await stdin.read(), origin: '<stdin>' };
  return { text: '', origin: '<none>' };
}

/**
 * Standard input read only because it is not a terminal (no --event, --event-file or field flag): in a
 * `while read` loop that is the loop's own input, which the run just consumed. A parse error there says so.
 */
function implicitStdin<T>(options: EventOptions, origin: string, parse: () => T): T {
  if (origin !== '<stdin>' || options.eventFile === '-') return parse();
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof HookrunError)) throw error;
    throw new HookrunError(
      error.kind,
      `${error.message}. Standard input was read as the event because it is not a terminal and no --event, --event-file or field flag (--tool, --prompt, …) gave one; inside a \`while read\` loop that is the loop's input (now consumed): give the event with --event '{}' or a field flag, or run hookrun with < /dev/null`,
      error.location,
      error.exitCode,
    );
  }
}

const FIELD_FLAGS = ['tool', 'toolInput', 'toolResponse', 'prompt', 'source', 'reason', 'trigger'] as const;

function givesFields(options: EventOptions): boolean {
  return FIELD_FLAGS.some((flag) => options[flag] !== undefined);
}

function suggestEvent(name: string, events: readonly string[]): string {
  const lower = name.toLowerCase();
  const same = events.find((e) => e.toLowerCase() === lower);
  return same ? ` Did you mean "${same}"?` : '';
}

/** Whether the dialect reads `a` and `b` as one event (its own spellings of it; else only the same name). */
function sameEvent(dialect: Dialect, a: string, b: string): boolean {
  if (a === b) return true;
  return dialect.sameEvent !== undefined && dialect.events.includes(a) && dialect.events.includes(b) && dialect.sameEvent(a, b);
}

/**
 * `--tool`/`--tool-input` on an event whose payload has no such field (dialect.eventFields): the hooks would
 * never read it, and a guard that sees no command allows. A usage error that names what the event reads.
 */
function misplacedToolFlags(options: EventOptions, event: string, dialect: Dialect): void {
  const payload = dialect.eventFields?.(event);
  if (payload === undefined) return;
  for (const [flag, name] of [
    ['toolInput', '--tool-input'],
    ['tool', '--tool'],
  ] as const) {
    const field = dialect.flagFields[flag];
    if (options[flag] === undefined || payload.includes(field)) continue;
    let example = `--event '{${payload
      .map((f) => `"${f}": …`)
      .slice(0, 2)
      .join(', ')}}'`;
    if (flag === 'toolInput') {
      // The same fields, where --tool-input held some of this event's own: the command line that was meant.
      const given = (() => {
        try {
          return JSON.parse(options.toolInput!) as unknown;
        } catch {
          return undefined;
        }
      })();
      if (isPlainObject(given)) {
        const own = Object.fromEntries(Object.entries(given).filter(([key]) => payload.includes(key)));
        if (Object.keys(own).length > 0) example = `--event '${JSON.stringify(own)}'`;
      }
    }
    const agent = dialect.agentName ?? dialect.name;
    throw usageError(
      `${name}: ${agent}'s ${event} has no "${field}" field (it sends ${payload.map((f) => `"${f}"`).join(', ') || 'no event fields'}), so its hooks would never see it, and a guard that sees nothing allows; give the event's fields instead: ${example}`,
    );
  }
}

/** Reads and assembles the event: its name and its JSON (not yet completed by the dialect). */
export async function readEvent(options: EventOptions, dialect: Dialect, stdin: Stdin): Promise<{ event: string; input: JsonObject }> {
  const { text, origin } = await readEventText(options, stdin);
  // Empty standard input is {} (README.md "Event input"); an empty --event or event file is no JSON.
  const fromStdin = origin === '<stdin>' || origin === '<none>';
  if (text.trim() === '' && !fromStdin) throw inputError(`${origin}: the event is empty; give a JSON object (at least {})`);
  const parsed = text.trim() === '' ? {} : implicitStdin(options, origin, () => parseJson(text, origin));
  return assembleEvent(parsed, origin, options, dialect);
}

/**
 * {@link eventFromJson}, with the whole hint for an event name this dialect lacks (it may point at
 * another dialect, which only an async path can load): `run`, `serve` and the library all call this, so
 * their messages are the same.
 */
export async function assembleEvent(parsed: unknown, origin: string, options: EventOptions, dialect: Dialect): Promise<{ event: string; input: JsonObject }> {
  const fromJson = isPlainObject(parsed) ? parsed.hook_event_name : undefined;
  const named = typeof fromJson === 'string' || fromJson === undefined ? (options.event ?? fromJson) : undefined;
  if (named !== undefined && (fromJson === undefined || fromJson === named) && isPlainObject(parsed) && !dialect.events.includes(named)) {
    const { unknownEventHint } = await import('./hint.js');
    throw usageError(`unknown ${dialect.name} event "${named}".${await unknownEventHint(named, dialect.name, dialect.events)} Events: ${dialect.events.join(', ')}`);
  }
  return eventFromJson(parsed, origin, options, dialect);
}

/**
 * The event from its parsed JSON (`origin` says where it came from, for messages), the event name given
 * apart from it, and the field flags set on top: what `run` does after reading, and `serve` and the
 * library do with the JSON they are handed.
 */
function eventFromJson(parsed: unknown, origin: string, options: EventOptions, dialect: Dialect): { event: string; input: JsonObject } {
  if (!isPlainObject(parsed)) {
    throw inputError(`${origin}: the event must be a JSON object, got ${describeType(parsed)}`);
  }
  const input: JsonObject = { ...parsed };

  const fromJson = input.hook_event_name;
  if (fromJson !== undefined && typeof fromJson !== 'string') {
    throw inputError(`${origin}: field "hook_event_name" must be a string, got ${describeType(fromJson)}`);
  }
  if (options.event !== undefined && fromJson !== undefined && !sameEvent(dialect, options.event, fromJson)) {
    throw usageError(`event name "${options.event}" differs from hook_event_name "${fromJson}" in ${origin}; give one, or make them agree`);
  }
  const event = options.event ?? fromJson;
  if (event === undefined) {
    throw usageError(`no event name: give it as an argument (e.g. "hookrun run BeforeTool") or as hook_event_name in the event JSON`);
  }
  if (!dialect.events.includes(event)) {
    throw usageError(`unknown ${dialect.name} event "${event}".${suggestEvent(event, dialect.events)} Events: ${dialect.events.join(', ')}`);
  }

  const fields = dialect.flagFields;
  misplacedToolFlags(options, event, dialect);
  if (options.tool !== undefined) input[fields.tool] = options.tool;
  if (options.toolInput !== undefined) {
    const toolInput = parseJson(options.toolInput, '--tool-input');
    if (!isPlainObject(toolInput)) {
      throw inputError(`--tool-input must be a JSON object, got ${describeType(toolInput)}`);
    }
    input[fields.toolInput] = toolInput;
  }
  if (options.toolResponse !== undefined) input[fields.toolResponse] = parseJson(options.toolResponse, '--tool-response');
  if (options.prompt !== undefined) input[fields.prompt] = options.prompt;
  if (options.source !== undefined) input[fields.source] = options.source;
  if (options.reason !== undefined) input[fields.reason] = options.reason;
  if (options.trigger !== undefined) input[fields.trigger] = options.trigger;
  return { event, input };
}
