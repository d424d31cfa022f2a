// GitHub Copilot CLI cases (shared/conformance/agents-cases.json, ids `copilot-`), replayed black-box by
// replay.ts with --trust-workspace, as the README says. They come from GitHub's docs; where a case from the
// real Copilot CLI 1.0.102 (real-agents.test.ts) shows the binary doing otherwise, the docs case is
// skipped with the overruling case named (copilot-superseded.ts).
import { COPILOT_SUPERSEDED } from './copilot-superseded.js';
import { describeReplay } from './replay.js';

await describeReplay('agent conformance (GitHub Copilot CLI)', {
  file: 'agents-cases.json',
  prefixes: ['copilot-'],
  atLeast: 17,
  superseded: COPILOT_SUPERSEDED,
});
