// One of Node's own bindings (the native functions its modules wrap), for a run that needs a single
// function of a module whose loading costs more than the work: node:zlib loads the stream modules,
// node:tty node:net (docs/perf.md, "Seventh round"). process.binding is deprecated in the documentation
// only (DEP0111); under --pending-deprecation it warns, and hookrun's stderr must not change with that,
// so deprecation warnings are muted around the call. Undefined when Node refuses it (the permission
// model) or no longer has it: the caller then loads the public module.

export function nodeBinding(name: string): Record<string, unknown> | undefined {
  try {
    return withoutDeprecationWarnings(() => (process as unknown as { binding(name: string): Record<string, unknown> }).binding(name));
  } catch {
    return undefined;
  }
}

function withoutDeprecationWarnings<T>(get: () => T): T {
  const flags = process as { noDeprecation?: boolean };
  // --no-deprecation makes the property read-only (and true): nothing to mute then.
  if (flags.noDeprecation) return get();
  const before = Object.getOwnPropertyDescriptor(process, 'noDeprecation');
  flags.noDeprecation = true;
  try {
    return get();
  } finally {
    if (before) Object.defineProperty(process, 'noDeprecation', before);
    else delete flags.noDeprecation;
  }
}
