// Gemini CLI's load-time environment expansion of settings files (envVarResolver):
// every string in the object, at any depth, gets `$NAME`, `${NAME}` and `${NAME:-default}`
// replaced from the environment. Rules, as in Gemini:
// - `$NAME` takes the longest run of word characters [A-Za-z0-9_] after the `$`.
// - `${...}` takes everything up to the first `}`; `:-` splits off a default.
// - a variable counts as set when it exists in the environment, even if empty
//   (so `${EMPTY:-x}` gives ""), and the default is used only when it is unset.
// - unset without a default: the text is left verbatim (the shell may expand it later).
// - no special case for the hook variables: `$GEMINI_PROJECT_DIR` is replaced now if the
//   environment hookrun runs in happens to define it, exactly as Gemini CLI would.

export type Env = Readonly<Record<string, string | undefined>>;

const VARIABLE = /\$(?:(\w+)|\{([^}]+?)(?::-([^}]*))?\})/g;

export function expandEnvInString(value: string, env: Env): string {
  // Most strings have no `$`: skip the regex, which is slow on its first few hundred uses in a process.
  if (!value.includes('$')) return value;
  return value.replace(VARIABLE, (match, bare: string | undefined, braced: string | undefined, fallback: string | undefined) => {
    const name = (bare ?? braced)!;
    const found = Object.hasOwn(env, name) ? env[name] : undefined;
    if (typeof found === 'string') return found;
    return fallback ?? match;
  });
}

/**
 * `value` with every string expanded. The input is never modified: objects and arrays are copied where
 * something in them changes, and shared where nothing does (most files have no variable at all).
 */
export function expandEnvInObject<T>(value: T, env: Env): T {
  return expand(value, env) as T;
}

function expand(value: unknown, env: Env): unknown {
  if (typeof value === 'string') return expandEnvInString(value, env);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const expanded = expand(item, env);
      if (expanded !== item) (copy ??= [...value])[index] = expanded;
    });
    return copy ?? value;
  }
  if (typeof value === 'object' && value !== null) {
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      const expanded = expand(item, env);
      if (expanded === item) continue;
      // fromEntries and defineProperty make own properties, so a `__proto__` key stays data.
      copy ??= Object.fromEntries(Object.entries(value));
      Object.defineProperty(copy, key, { value: expanded, enumerable: true, writable: true, configurable: true });
    }
    return copy ?? value;
  }
  return value;
}
