// The cross-agent vocabulary's table: one line per agent, each row in its dialect's folder
// (src/dialects/<name>/vocabulary.ts, written with the builder of src/migrate/vocabulary.ts). Registry-level,
// like index.ts: the one place besides it that imports dialect folders. Apart from index.ts so that only
// migrate, validate and the hints load the rows (~25 KB); src/migrate/lookup.ts reads them.
import type { AgentVocabulary } from '../migrate/vocabulary.js';
import { auggieVocabulary } from './auggie/vocabulary.js';
import { antigravityVocabulary } from './antigravity/vocabulary.js';
import { claudeVocabulary } from './claude/vocabulary.js';
import { codexVocabulary } from './codex/vocabulary.js';
import { copilotVocabulary } from './copilot/vocabulary.js';
import { cursorVocabulary } from './cursor/vocabulary.js';
import { droidVocabulary } from './droid/vocabulary.js';
import { geminiVocabulary } from './gemini/vocabulary.js';
import { kiroVocabulary } from './kiro/vocabulary.js';
import type { DialectName } from './names.js';
import { qwenVocabulary } from './qwen/vocabulary.js';
import { vscodeVocabulary } from './vscode/vocabulary.js';

/** Every dialect's row: a dialect added to names.ts fails the type check here until its row is listed. */
export const VOCABULARY: Readonly<Record<DialectName, AgentVocabulary>> = {
  gemini: geminiVocabulary,
  antigravity: antigravityVocabulary,
  claude: claudeVocabulary,
  codex: codexVocabulary,
  cursor: cursorVocabulary,
  copilot: copilotVocabulary,
  kiro: kiroVocabulary,
  droid: droidVocabulary,
  auggie: auggieVocabulary,
  qwen: qwenVocabulary,
  vscode: vscodeVocabulary,
};
