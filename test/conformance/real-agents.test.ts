// Cases from the real agent binaries (shared/conformance/real-agents-cases.json, README "Cases from the
// real agents"; how each agent was driven: docs/conformance.md), replayed black-box by replay.ts. These
// win over the docs-based families where they disagree. Families of dialects this build lacks are skipped.
import { describeReplay } from './replay.js';

await describeReplay('real agent conformance (Claude Code 2.1.328)', {
  file: 'real-agents-cases.json',
  prefixes: ['claude-real-'],
  atLeast: 47,
});
await describeReplay('real agent conformance (Codex CLI 0.169.0)', {
  file: 'real-agents-cases.json',
  prefixes: ['codex-real-'],
  atLeast: 64,
});
await describeReplay('real agent conformance (GitHub Copilot CLI 1.0.102)', {
  file: 'real-agents-cases.json',
  prefixes: ['copilot-real-'],
  atLeast: 29,
});
await describeReplay('real agent conformance (Factory Droid 0.225.2)', {
  file: 'real-agents-cases.json',
  prefixes: ['droid-real-'],
  atLeast: 7,
});
await describeReplay('real agent conformance (Augment Auggie 0.36.0)', {
  file: 'real-agents-cases.json',
  prefixes: ['auggie-real-'],
  atLeast: 4,
});
