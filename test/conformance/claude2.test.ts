// Claude Code's current contract (shared/conformance/agents-cases.json, family claude2-; spec
// agents/claude-current), replayed black-box by replay.ts. Part of `npm test`.
import { describeReplay } from './replay.js';

await describeReplay('agent conformance (Claude Code current)', {
  file: 'agents-cases.json',
  prefixes: ['claude2-'],
  atLeast: 36,
});
