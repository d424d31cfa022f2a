// GitHub Copilot CLI cases (shared/conformance/agents-cases.json, ids `copilot-`), replayed black-box by
// replay.ts with --trust-workspace, as the README says.
import { describeReplay } from './replay.js';

await describeReplay('agent conformance (GitHub Copilot CLI)', {
  file: 'agents-cases.json',
  prefixes: ['copilot-'],
  atLeast: 17,
});
