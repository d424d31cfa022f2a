// The newer agents' cases (shared/conformance/agents-cases.json), replayed black-box by family prefix.
import { describe, test } from 'vitest';
import { availableDialects, loadCases, replayCase } from './replay.js';

/** The families this build replays; a family is added here when its dialect is built. */
const FAMILIES = ['claude2-'];

const cases = await loadCases('agents-cases.json', FAMILIES);
const available = await availableDialects(cases);

describe.concurrent('agents conformance', () => {
  for (const c of cases) {
    test.skipIf(!available.has(c.dialect))(`${c.dialect}: ${c.id}`, () => replayCase(c));
  }
});
