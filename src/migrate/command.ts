// Hook command text, translated for Gemini CLI. Gemini replaces `$GEMINI_PROJECT_DIR` in the command text with
// the shell-escaped directory *before* the shell runs, even inside quotes, and leaves `${GEMINI_PROJECT_DIR}` to
// the shell (gemini-hooks.md §3.3). So the form depends on where the variable stands: unquoted, the textual
// `$GEMINI_PROJECT_DIR` (escaped, safe with spaces); inside double quotes, `${GEMINI_PROJECT_DIR}` (the
// shell expands it; the textual form would put single quotes inside the double quotes).
import { quote } from 'shell-quote';
import type { Note } from './matchers.js';

const PROJECT_DIR = 'CLAUDE_PROJECT_DIR';

export interface CommandConversion {
  command: string;
  notes: Note[];
}

/** `$CLAUDE_PROJECT_DIR` / `${CLAUDE_PROJECT_DIR}` → Gemini's project directory, by quoting context. */
export function convertClaudeCommand(command: string): CommandConversion {
  const notes: Note[] = [];
  let out = '';
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (quote !== "'" && ch === '\\') {
      out += ch + (command[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === "'" && quote !== '"') quote = quote === "'" ? undefined : "'";
    else if (ch === '"' && quote !== "'") quote = quote === '"' ? undefined : '"';
    if (ch === '$') {
      const braced = command.startsWith(`\${${PROJECT_DIR}}`, i);
      const plain = !braced && command.startsWith(`$${PROJECT_DIR}`, i) && !/[A-Za-z0-9_]/.test(command[i + PROJECT_DIR.length + 1] ?? '');
      if (braced || plain) {
        const length = braced ? PROJECT_DIR.length + 3 : PROJECT_DIR.length + 1;
        if (quote === "'") {
          out += command.slice(i, i + length);
          if (plain) {
            notes.push({ severity: 'warning', code: 'project-dir-in-single-quotes', message: `"$${PROJECT_DIR}" inside single quotes is literal text for Claude Code's shell, but Gemini CLI substitutes it textually even there` });
          }
        } else {
          out += quote === '"' ? '${GEMINI_PROJECT_DIR}' : '$GEMINI_PROJECT_DIR';
        }
        i += length - 1;
        continue;
      }
    }
    out += ch;
  }
  for (const name of ['CLAUDE_PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA', 'CLAUDE_ENV_FILE', 'CLAUDE_CODE_REMOTE']) {
    if (out.includes(name)) {
      notes.push({ severity: 'warning', code: 'env-var-missing', message: `the command uses ${name}, which Gemini CLI does not set` });
    }
  }
  return { command: out, notes };
}

/**
 * Claude's exec form (`command` + `args`, no shell) as one shell command: every argument single-quoted where
 * needed, `${CLAUDE_PROJECT_DIR}` spliced in as `"${GEMINI_PROJECT_DIR}"`, so spaces stay one argument.
 */
export function execFormToShell(command: string, args: readonly string[]): CommandConversion {
  const notes: Note[] = [];
  const word = (text: string): string =>
    text
      .split(`\${${PROJECT_DIR}}`)
      .map((piece) => (piece === '' ? '' : quote([piece])))
      .join('"${GEMINI_PROJECT_DIR}"');
  const line = [command, ...args].map(word).join(' ');
  for (const name of ['CLAUDE_PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA']) {
    if (line.includes(name)) notes.push({ severity: 'warning', code: 'env-var-missing', message: `the command uses \${${name}}, which Gemini CLI does not provide` });
  }
  return { command: line, notes };
}
