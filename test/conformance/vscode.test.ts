// VS Code agent hook cases (vscode-cases.json), each from a section of microsoft/vscode-docs
// docs/agent-customization/hooks.md that it names. Replayed black-box by replay.ts.
import { describeReplay } from './replay.js';

await describeReplay('VS Code agent hooks conformance (docs of 6/3/2026)', { file: 'vscode-cases.json', prefixes: ['vscode-'], atLeast: 12 });
