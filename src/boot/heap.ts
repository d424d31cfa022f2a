// A start-up trick for resident processes (`hookrun serve`): V8's heap flags set once a session has
// loaded what it needs, and put back before the process exits.
import v8 from 'node:v8';

/**
 * V8 doubles its young generation (up to 16 MiB a semi-space) while a process allocates fast, and never
 * gives it back: a server answering thousands of events grew by ~30 MiB of RSS that held only garbage.
 * `--semi-space-growth-factor` is read each time V8 would grow it, so 1 keeps the young generation at
 * its start-up size (`--max-semi-space-size` is read only at start-up and does nothing here). What
 * survives it is mostly an event's garbage too (the live heap after a full collection stays ~7 MiB),
 * and V8 lets the old generation grow to up to 4x its live size before collecting it; 1.5x here
 * (`--heap-growing-percent`, read at each collection). Measured in docs/perf.md (serve's rounds).
 *
 * V8's code cache is keyed by its flags: a pack compiled after this change misses the cache, and one
 * saved after it would miss for every later `run`. So the flags change once the first request has
 * loaded what a session needs, and the returned function puts the defaults back before hookrun exits
 * (and saves its cache). A user who sized the heap on Node's command line or in NODE_OPTIONS keeps it:
 * undefined then.
 */
export function holdHeap(execArgv: readonly string[], nodeOptions: string | undefined): (() => void) | undefined {
  const flags = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)];
  if (flags.some((flag) => /^--((max|min)[-_])?semi[-_]space|^--heap[-_]growing/.test(flag))) return undefined;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString('--heap-growing-percent=50');
  return () => {
    v8.setFlagsFromString('--semi-space-growth-factor=2');
    v8.setFlagsFromString('--heap-growing-percent=0');
  };
}

/** The young generation's size now, in MiB (one decimal), for the --verbose log. */
export function youngGenerationMiB(): string {
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  return ((space?.space_size ?? 0) / 1048576).toFixed(1);
}
