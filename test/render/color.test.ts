// Plain text without chalk: what every run that writes to pipes uses must read exactly as chalk at level 0.
import { Chalk } from 'chalk';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { enableColor, makeChalk } from '../../src/render/color.js';

const STYLES = ['red', 'yellow', 'dim', 'bold', 'green', 'cyan', 'magenta', 'gray', 'underline'] as const;
type Styled = (...parts: unknown[]) => string;
const styled = (c: unknown, chain: readonly string[]): Styled => chain.reduce((at, style) => (at as Record<string, unknown>)[style], c) as Styled;

test('any chain of styles on any arguments: the same text as chalk at level 0', () => {
  const plain = makeChalk(false);
  const chalk0 = new Chalk({ level: 0 });
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...STYLES), { minLength: 1, maxLength: 3 }),
      fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(undefined), fc.constant(null)), { maxLength: 3 }),
      (chain, parts) => {
        expect(styled(plain, chain)(...parts)).toBe(styled(chalk0, chain)(...parts));
      },
    ),
  );
  expect(plain.level).toBe(0);
});

test('coloured output needs chalk loaded first, then is chalk at level 1', async () => {
  await enableColor();
  const c = makeChalk(true);
  expect(c.level).toBe(1);
  expect(c.red('x')).toBe('\u001b[31mx\u001b[39m');
});
