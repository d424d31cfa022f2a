// The pre-check that spares a write the secret rules: it must find every environment value long enough to
// be masked, as written or JSON-escaped, and it lists the environment once.
import { expect, test } from 'vitest';
import { envValueCheck } from '../../src/render/mask.js';

test('finds a value as written or JSON-escaped, never one below the length, and lists the environment once', () => {
  const env: NodeJS.ProcessEnv = { TOKEN: 'abc"def\\ghi', SHORT: 'abc', PATHISH: '/home/someone' };
  const mayHold = envValueCheck(env, 6);
  expect(mayHold('the home is /home/someone')).toBe(true);
  expect(mayHold(JSON.stringify({ token: env.TOKEN }))).toBe(true);
  expect(mayHold('raw abc"def\\ghi')).toBe(true);
  expect(mayHold('abc and nothing else')).toBe(false);
  // Listed at the first check and kept, as the secrets behind it are: a serve session's environment is fixed.
  env.LATER = 'added-later-value';
  expect(mayHold('added-later-value')).toBe(false);
});

test('a secret is masked as written and at every level of JSON escaping; a JSON value before it is serialised', async () => {
  const { maskSecrets, maskValue } = await import('../../src/render/mask.js');
  const secrets = [{ name: 'TOKEN', value: 'abc"def\\ghi' }];
  const once = JSON.stringify({ v: secrets[0]!.value });
  const twice = JSON.stringify({ stdout: once });
  for (const text of [secrets[0]!.value, once, twice, JSON.stringify({ report: twice })]) {
    const masked = maskSecrets(text, secrets);
    expect(masked).toContain('${TOKEN}');
    expect(masked).not.toContain('def');
  }
  expect(maskValue({ input: { command: `x ${secrets[0]!.value} y`, n: 1 } }, secrets)).toEqual({ input: { command: 'x ${TOKEN} y', n: 1 } });
});
