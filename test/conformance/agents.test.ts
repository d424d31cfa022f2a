// Antigravity CLI and Kiro CLI 3 hook-file cases (shared/conformance/agents-cases.json, README "More
// agents"), replayed black-box by replay.ts. The file's other families (claude2-, codex-, cursor-,
// copilot-) are replayed by the dialects that own them.
import { describeReplay } from './replay.js';

await describeReplay('agent conformance (Antigravity CLI, Kiro CLI 3 hook files)', {
  file: 'agents-cases.json',
  prefixes: ['agy-', 'kiro3-'],
  atLeast: 40,
});
