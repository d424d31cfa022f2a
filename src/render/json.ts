// JSON on stdout, written in pieces. A merged output (or a --json report) can carry a hook's output of
// many megabytes; JSON.stringify would build it as one string (holding its parts meanwhile) and the write
// would copy it once more, which is most of hookrun's peak memory with a flooding hook. The text is
// exactly JSON.stringify's: long strings are swapped for markers, everything else is stringified as
// usual, then each long string is escaped and written slice by slice, waiting for the reader between
// slices (`drain`) so that the slices do not pile up in memory either.

/** Strings longer than this are written in slices of this size. */
const SLICE = 64 * 1024;

export interface JsonWriteOptions {
  /** JSON.stringify's `space`. */
  space?: number;
  slice?: number;
  /** Resolves when the destination has taken what was written so far (stdout backpressure). */
  drain?: () => Promise<void>;
}

export async function writeJson(value: unknown, write: (text: string) => void, options: JsonWriteOptions = {}): Promise<void> {
  const slice = options.slice ?? SLICE;
  const long: string[] = [];
  const tag = `hookrun-long-${Math.random().toString(36).slice(2)}-`;
  const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' && item.length > slice ? `${tag}${long.push(item) - 1}` : item), options.space);
  if (long.length === 0) {
    write(text);
    return;
  }
  const parts = text.split(new RegExp(`"${tag}(\\d+)"`));
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    if (index % 2 === 0) {
      if (part !== '') write(part);
    } else {
      await writeString(long[Number(part)]!, write, slice, options.drain);
    }
  }
}

/** JSON.stringify(text), in slices: escaping is per character, except that a surrogate pair must stay whole. */
async function writeString(text: string, write: (text: string) => void, slice: number, drain: (() => Promise<void>) | undefined): Promise<void> {
  write('"');
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + slice, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) end++;
    write(JSON.stringify(text.slice(start, end)).slice(1, -1));
    start = end;
    await drain?.();
  }
  write('"');
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
