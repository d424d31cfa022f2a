// Framing for `hookrun serve`: the bytes up to each \n are one message. A line past the limit is refused
// and skipped as it streams in, never kept whole in memory.

export class LineSplitter {
  #chunks: Buffer[] = [];
  #size = 0;
  #lineNo = 0;
  #skipping = false;

  constructor(
    private readonly maxBytes: number,
    /** Each line that is not blank, without its \r\n or \n, and its number (1-based). */
    private readonly onLine: (text: string, line: number) => void,
    /** A line longer than `maxBytes`, by its number: the rest of it is skipped. */
    private readonly onTooLong: (line: number) => void,
    /** True once the reader stops taking lines (a shutdown read in the middle of a chunk). */
    private readonly stopped: () => boolean,
  ) {}

  /** A chunk as the stream gives it. */
  push(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1 && !this.stopped(); nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (this.#skipping) {
        this.#skipping = false;
        this.#lineNo += 1;
        continue;
      }
      const whole = this.#chunks.length === 0 ? piece : Buffer.concat([...this.#chunks, piece]);
      this.#chunks = [];
      this.#size = 0;
      this.#line(whole);
    }
    if (this.stopped() || start >= chunk.length || this.#skipping) return;
    const rest = chunk.subarray(start);
    this.#size += rest.length;
    if (this.#size > this.maxBytes) {
      this.#chunks = [];
      this.#size = 0;
      this.#skipping = true;
      this.onTooLong(this.#lineNo + 1);
      return;
    }
    // Copied: the stream may reuse its buffer.
    this.#chunks.push(Buffer.from(rest));
  }

  /** The end of input: a last line without its \n is a line too. */
  end(): void {
    if (this.#skipping || this.#chunks.length === 0) return;
    const last = Buffer.concat(this.#chunks);
    this.#chunks = [];
    this.#line(last);
  }

  #line(bytes: Buffer): void {
    this.#lineNo += 1;
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (text.trim() !== '') this.onLine(text, this.#lineNo);
  }
}
