// Kiro CLI and Claude Code cases whose expectations come from the agents' own sources (shared/conformance,
// README "Kiro CLI and Claude Code cases"), replayed black-box by replay.ts.
import { describeReplay } from './replay.js';

await describeReplay('dialect conformance (Kiro CLI, Claude Code)', { file: 'dialect-cases.json', atLeast: 41 });
