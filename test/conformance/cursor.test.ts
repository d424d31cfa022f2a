// Cursor's hook cases (shared/conformance/agents-cases.json, ids `cursor-`), replayed black-box by
// replay.ts; the file's other families are replayed by the dialects that own them.
import { describeReplay } from './replay.js';

await describeReplay('agent conformance (Cursor)', {
  file: 'agents-cases.json',
  prefixes: ['cursor-'],
  atLeast: 10,
});
