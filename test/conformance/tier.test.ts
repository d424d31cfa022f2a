// The agent tier's corpus (tier-cases.json), replayed black-box by replay.ts without the agents' binaries. Each
// case is what a real, pinned agent did in one scenario (`npm run test:agents -- --update` re-derives them;
// docs/conformance.md, "The agent tier"). A case marked `hookrunDisagrees` keeps the agent's expectation and is
// expected to fail until hookrun is fixed: when it passes, re-run the tier and let it drop the mark.
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { type DialectCase, loadCases, replay } from './replay.js';

interface TierCase extends DialectCase {
  class: string;
  agent: string;
  hookrunDisagrees?: string[];
}

const cases = (await loadCases('tier-cases.json')) as TierCase[];
const roots: string[] = [];
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

describe.concurrent('agent tier corpus (real agents, pinned in scripts/agents/versions.json)', () => {
  test('the corpus holds cases from every agent the tier runs', () => {
    for (const prefix of ['tier-claude-', 'tier-codex-', 'tier-copilot-', 'tier-gemini-']) {
      expect(cases.filter((c) => c.id.startsWith(prefix)).length, prefix).toBeGreaterThan(0);
    }
  });
  for (const c of cases) {
    if (c.hookrunDisagrees) test.fails(`${c.id} (hookrun disagrees: ${c.hookrunDisagrees.join('; ')})`, () => replay(c, roots));
    else test(c.id, () => replay(c, roots));
  }
});
