// hookrun's own output never shows a secret it knows about (contract; docs/safety.md): every text hookrun
// writes, on stdout and stderr, has each known secret value replaced by `${NAME}`, also where JSON
// escaping changed how the value is written. Which values are secret is the dialect's rule
// (dialects/gemini/secrets.ts); this is only the mechanism, and it costs a substring search per write.
import type { IO } from '../io.js';

export interface Secret {
  name: string;
  value: string;
}

/** `text` with every secret value (longest first) replaced by `${NAME}`. */
export function maskSecrets(text: string, secrets: readonly Secret[]): string {
  let out = text;
  for (const { name, value } of secrets) {
    const escaped = JSON.stringify(value).slice(1, -1);
    for (const form of escaped === value ? [value] : [value, escaped]) {
      if (out.includes(form)) out = out.split(form).join(`\${${name}}`);
    }
  }
  return out;
}

/** `io` whose stdout and stderr mask the secrets `known` returns (asked once, at the first write); all else is `io` itself. */
export function maskingIO(io: IO, known: () => readonly Secret[]): IO {
  let secrets: readonly Secret[] | undefined;
  const mask = (text: string) => {
    secrets ??= known();
    return secrets.length === 0 ? text : maskSecrets(text, secrets);
  };
  const stdout = (text: string) => io.stdout(mask(text));
  const stderr = (text: string) => io.stderr(mask(text));
  // A view, not a copy: what the streams' owner sets later (`interrupted`) reads through.
  return new Proxy(io, { get: (target, key, receiver) => (key === 'stdout' ? stdout : key === 'stderr' ? stderr : Reflect.get(target, key, receiver)) });
}
