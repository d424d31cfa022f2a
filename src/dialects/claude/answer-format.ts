// How an answer in Claude Code's format reads, for every agent that answers in it (Claude Code, Codex,
// Factory Droid, Augment Auggie, VS Code): the words of the report and of the verdict, and the tool input
// a merged answer makes the tool run with. Spread into those dialects' definitions.
import type { Dialect } from '../dialect.js';
import { rewrittenToolInputClaude } from './aggregate.js';
import { claudeVerdictWords, claudeWords } from './words.js';

export const CLAUDE_ANSWER_FORMAT: Pick<Dialect, 'answerWords' | 'verdictWords' | 'rewrittenToolInput'> = {
  answerWords: claudeWords,
  verdictWords: claudeVerdictWords,
  rewrittenToolInput: rewrittenToolInputClaude,
};
