// A line diff (longest common subsequence) for showing expected vs actual in test failures.

export type DiffLine = { kind: ' ' | '-' | '+'; text: string };

/** Above this many lines per side the table gets large; the sides are then shown whole. */
const MAX_LINES = 2000;

export function diffLines(expected: readonly string[], actual: readonly string[]): DiffLine[] {
  if (expected.length > MAX_LINES || actual.length > MAX_LINES) {
    return [...expected.map((text) => ({ kind: '-' as const, text })), ...actual.map((text) => ({ kind: '+' as const, text }))];
  }
  const n = expected.length;
  const m = actual.length;
  // lcs[i][j]: length of the longest common subsequence of expected[i..] and actual[j..].
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = expected[i] === actual[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (expected[i] === actual[j]) {
      out.push({ kind: ' ', text: expected[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      out.push({ kind: '-', text: expected[i++]! });
    } else {
      out.push({ kind: '+', text: actual[j++]! });
    }
  }
  while (i < n) out.push({ kind: '-', text: expected[i++]! });
  while (j < m) out.push({ kind: '+', text: actual[j++]! });
  return out;
}

/** A value as diffable lines: strings as their lines, everything else as indented JSON. */
export function toLines(value: unknown): string[] {
  if (value === undefined) return ['(absent)'];
  if (typeof value === 'string') return value.split('\n');
  return JSON.stringify(value, null, 2).split('\n');
}
