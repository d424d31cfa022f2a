// hookrun's own output never shows a secret it knows about (contract; docs/safety.md): every text hookrun
// writes, on stdout and stderr, has each known secret value replaced by `${NAME}`, also where JSON
// escaping changed how the value is written. Which values are secret is the dialect's rule
// (src/dialects/secrets.ts says whose); this is only the mechanism, and it costs a substring search per write.
import type { IO } from '../io.js';

export interface Secret {
  name: string;
  value: string;
}

/** `text` with every secret value (longest first) replaced by `${NAME}`. */
function maskSecrets(text: string, secrets: readonly Secret[]): string {
  let out = text;
  for (const { name, value } of secrets) {
    const escaped = JSON.stringify(value).slice(1, -1);
    for (const form of escaped === value ? [value] : [value, escaped]) {
      if (out.includes(form)) out = out.split(form).join(`\${${name}}`);
    }
  }
  return out;
}

/**
 * `io` whose stdout and stderr mask the secrets `known` returns (asked once, at the first write that
 * `mayHold` says could hold one); all else is `io` itself. `mayHold` is a cheap pre-check: a write it
 * clears cannot hold a secret, so the rules behind `known` are not evaluated for it.
 */
export function maskingIO(io: IO, known: () => readonly Secret[], mayHold: (text: string) => boolean = () => true): IO {
  let secrets: readonly Secret[] | undefined;
  const mask = (text: string) => {
    if (secrets === undefined && !mayHold(text)) return text;
    secrets ??= known();
    return secrets.length === 0 ? text : maskSecrets(text, secrets);
  };
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
    values ??= Object.values(env).flatMap((value) => {
      if (value === undefined || value.length < minLength) return [];
      const escaped = JSON.stringify(value).slice(1, -1);
      return escaped === value ? [value] : [value, escaped];
    });
    return values.some((value) => text.includes(value));
  };
}
