// Qwen Code cases (qwen-cases.json): `qwen-real-` from the real 0.24.4 runs of shared/spec/real-agents/gemini.md
// §7, `qwen-code-` from QwenLM/qwen-code's hook code and the 0.24.4 bundle; each case names its source.
// Replayed black-box by replay.ts.
import { describeReplay } from './replay.js';

await describeReplay('Qwen Code conformance (0.24.4)', { file: 'qwen-cases.json', prefixes: ['qwen-'], atLeast: 8 });
