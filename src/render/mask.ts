// hookrun's own output never shows a secret it knows about (docs/safety.md "Secrets hookrun knows about"): every text hookrun
// writes, on stdout and stderr, has each known secret value replaced by `${NAME}`, also where JSON
// escaping changed how the value is written (once, or again where JSON text sits in a JSON string: a hook's
// stdout in `--json`). Which values are secret is the dialect's rule (src/dialects/secrets.ts says whose);
// this is only the mechanism, and it costs a substring search per write.
import type { IO } from '../cli/io.js';

export interface Secret {
  name: string;
  value: string;
}

/**
 * JSON escaping nested this deep is masked: a value (0), in a JSON string (1), in JSON text kept in a JSON
 * string (2: a hook's stdout in the `--json` report), and that report in a string once more (3).
 */
const ESCAPE_LEVELS = 3;

/** The value as written, then JSON-escaped once, twice, … (the distinct forms only). */
function writtenForms(value: string): string[] {
  const forms = [value];
  let form = value;
  for (let level = 0; level < ESCAPE_LEVELS; level++) {
    form = JSON.stringify(form).slice(1, -1);
    if (form === forms[forms.length - 1]) break;
    forms.push(form);
  }
  return forms;
}

/** `text` with every secret value (longest first), in every written form, replaced by `${NAME}`. */
export function maskSecrets(text: string, secrets: readonly Secret[]): string {
  let out = text;
  for (const { name, value } of secrets) {
    // The most escaped form first: it contains the less escaped ones' characters, not the other way round.
    for (const form of writtenForms(value).reverse()) {
      if (out.includes(form)) out = out.split(form).join(`\${${name}}`);
    }
  }
  return out;
}

/** Every string in a JSON value masked (keys too), before the value is serialised in some other format. */
export function maskValue<T>(value: T, secrets: readonly Secret[]): T {
  if (secrets.length === 0) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return maskSecrets(item, secrets);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([key, inner]) => [maskSecrets(key, secrets), walk(inner)]));
    return item;
  };
  return walk(value) as T;
}

/**
 * Secrets hookrun learns while it runs (a `.env` file a dialect loads, an extension's settings): added to
 * the mask of every maskingIO, for the rest of the process. Module state, as the output's own mask is
 * process-wide: the loader that finds them is far below the edge that holds the streams.
 */
const learned: Secret[] = [];
let learnedVersion = 0;

export function addSecrets(secrets: readonly Secret[]): void {
  for (const secret of secrets) {
    if (learned.some((known) => known.value === secret.value)) continue;
    learned.push(secret);
    learnedVersion++;
  }
}

/** What the last maskingIO masks with, for text that is reshaped before it is written (see maskBeforeShortening). */
let processMask: ((text: string) => string) | undefined;

/**
 * `text` masked now, before a renderer shortens or reshapes it (cuts it to a line, flattens its
 * whitespace, escapes control characters): a secret cut in half or reshaped would no longer be found by
 * the mask at the stream. Identity when nothing masks (the library).
 */
export function maskBeforeShortening(text: string): string {
  return processMask ? processMask(text) : text;
}

/** Room past a cut for the longest secret the cut might split (a PEM key is ~3 KiB). */
const SECRET_ROOM = 64 * 1024;

/** The first `length` characters of `text` as hookrun may show them: masked first, then cut. */
export function maskedPrefix(text: string, length: number): string {
  return maskBeforeShortening(text.length > length + SECRET_ROOM ? text.slice(0, length + SECRET_ROOM) : text).slice(0, length);
}

/** `text` cut to `max` characters with an ellipsis, masked before the cut. */
export function shortened(text: string, max: number): string {
  const masked = maskBeforeShortening(text.length > max + SECRET_ROOM ? text.slice(0, max + SECRET_ROOM) : text);
  return masked.length > max ? `${masked.slice(0, max - 1)}…` : masked;
}

/**
 * `io` whose stdout and stderr mask the secrets `known` returns (asked once, at the first write that
 * `mayHold` says could hold one) and those added since with addSecrets; all else is `io` itself. `mayHold`
 * is a cheap pre-check: a write it clears cannot hold a secret, so the rules behind `known` are not
 * evaluated for it.
 */
export function maskingIO(io: IO, known: () => readonly Secret[], mayHold: (text: string) => boolean = () => true): IO {
  let secrets: readonly Secret[] | undefined;
  let all: readonly Secret[] = [];
  let merged = -1;
  const mask = (text: string) => {
    if (secrets === undefined && learned.length === 0 && !mayHold(text)) return text;
    secrets ??= known();
    if (merged !== learnedVersion) {
      const own = new Set(secrets.map((s) => s.value));
      all = [...secrets, ...learned.filter((s) => !own.has(s.value))].sort((a, b) => b.value.length - a.value.length);
      merged = learnedVersion;
    }
    return all.length === 0 ? text : maskSecrets(text, all);
  };
  processMask = mask;
  const stdout = (text: string) => io.stdout(mask(text));
  const stderr = (text: string) => io.stderr(mask(text));
  // A view, not a copy: what the streams' owner sets later (`interrupted`) reads through.
  return new Proxy(io, { get: (target, key, receiver) => (key === 'stdout' ? stdout : key === 'stderr' ? stderr : Reflect.get(target, key, receiver)) });
}

/**
 * A check of whether any value of `env` long enough to be masked (as written, or JSON-escaped) occurs in a
 * text. The values are listed at the first check and kept, as {@link maskingIO} keeps the secrets it
 * finds: `hookrun serve` writes one line per answer, and listing the environment each time cost more
 * than the answer's own rendering.
 */
export function envValueCheck(env: NodeJS.ProcessEnv, minLength: number): (text: string) => boolean {
  let values: string[] | undefined;
  return (text) => {
    values ??= Object.values(env).flatMap((value) => (value === undefined || value.length < minLength ? [] : writtenForms(value)));
    return values.some((value) => text.includes(value));
  };
}
