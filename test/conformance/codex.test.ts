// OpenAI Codex CLI's cases (shared/conformance/agents-cases.json, family codex-; spec
// agents/codex-cursor-copilot), replayed black-box by replay.ts. Part of `npm test`.
import { describeReplay } from './replay.js';

await describeReplay('agent conformance (Codex CLI)', {
  file: 'agents-cases.json',
  prefixes: ['codex-'],
  atLeast: 13,
});
