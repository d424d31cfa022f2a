// Hook command text, translated between agents: the project-directory variable of the source (Gemini's
// `$GEMINI_PROJECT_DIR`, Claude's `$CLAUDE_PROJECT_DIR`, Kiro CLI 3's `${WORKSPACE_ROOT}`) becomes the target's
// form, chosen by where it stands. Gemini replaces `$GEMINI_PROJECT_DIR` textually *before* the shell runs,
// shell-escaped, even inside quotes, and leaves `${GEMINI_PROJECT_DIR}` to the shell (docs/sources.md §G3.3):
// unquoted the textual form, inside double quotes the braced one. Claude sets an environment variable, so
// unquoted it is quoted ("$CLAUDE_PROJECT_DIR"). Kiro CLI 3 substitutes `${WORKSPACE_ROOT}` textually, unescaped.
// Agents with no such variable run the hook in a known directory: the project root (Cursor, Copilot), the
// session's directory (Codex), the folder of hooks.json (Antigravity: .agents/, one below the project).
import type { Note } from './model.js';
import { type AgentName, VOCABULARY } from './lookup.js';

export interface CommandConversion {
  command: string;
  notes: Note[];
}

/** The variables that stand for the project directory in `agent`'s commands. */
function projectVariables(agent: AgentName): string[] {
  const { variable, alias } = VOCABULARY[agent].projectDir;
  return [variable, alias].filter((name) => name !== undefined);
}

/**
 * The target's spelling of the project directory: unquoted, and inside double quotes. A bare textual
 * variable (Gemini's) is replaced shell-escaped, which double quotes would break, so there it is braced and
 * left to the shell; any other value is quoted where it stands unquoted. No variable: the hook's directory.
 */
function projectForm(agent: AgentName): { unquoted: string; quoted: string } {
  const { variable, braced, textual, cwd } = VOCABULARY[agent].projectDir;
  if (variable && textual && !braced) return { unquoted: `$${variable}`, quoted: `\${${variable}}` };
  const value = variable ? (braced ? `\${${variable}}` : `$${variable}`) : cwd === 'hooks-file' ? '$PWD/..' : '$PWD';
  return { unquoted: `"${value}"`, quoted: value };
}

/** Translates `command`, written for `from`, into `to`'s form, with what the script itself may need changed. */
export function convertCommand(command: string, from: AgentName, to: AgentName): CommandConversion {
  const notes: Note[] = [];
  // Every source spelling becomes the target's own, also one the target sets as an alias (Claude's variable, which Gemini also sets).
  const sourceVariables = projectVariables(from).filter((v) => v !== VOCABULARY[to].projectDir.variable);
  const form = projectForm(to);
  let out = '';
  let rewritten = false;
  let quoteChar: '"' | "'" | undefined;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (quoteChar !== "'" && ch === '\\') {
      out += ch + (command[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === "'" && quoteChar !== '"') quoteChar = quoteChar === "'" ? undefined : "'";
    else if (ch === '"' && quoteChar !== "'") quoteChar = quoteChar === '"' ? undefined : '"';
    if (ch === '$') {
      const variable = sourceVariables.find((v) => command.startsWith(`\${${v}}`, i) || (command.startsWith(`$${v}`, i) && !/[A-Za-z0-9_]/.test(command[i + v.length + 1] ?? '')));
      if (variable) {
        const braced = command.startsWith(`\${${variable}}`, i);
        const length = braced ? variable.length + 3 : variable.length + 1;
        if (quoteChar === "'") {
          out += command.slice(i, i + length);
          const source = VOCABULARY[from].projectDir;
          if (!braced || (source.textual && source.braced)) {
            notes.push({
              severity: 'warning',
              code: 'project-dir-in-single-quotes',
              message: `"${command.slice(i, i + length)}" inside single quotes is ${source.textual ? `replaced by ${VOCABULARY[from].label} before the shell runs` : `literal text for ${VOCABULARY[from].label}'s shell`}, but not by ${VOCABULARY[to].label}: check the quoting`,
            });
          }
        } else {
          out += quoteChar === '"' ? form.quoted : form.unquoted;
          rewritten = true;
        }
        i += length - 1;
        continue;
      }
    }
    out += ch;
  }
  const why = VOCABULARY[to].projectDir.cwdWhy;
  if (rewritten && why) {
    notes.push({ severity: 'info', code: 'project-dir-rewritten', message: `the project directory is written as ${form.unquoted}: ${why}` });
  }
  notes.push(...missingVariables(out, from, to));
  return { command: out, notes };
}

/** Variables `from` sets (or substitutes) that the command uses and `to` does not provide. */
function missingVariables(command: string, from: AgentName, to: AgentName): Note[] {
  const provided = new Set([...VOCABULARY[to].variables, ...projectVariables(to)]);
  const notes: Note[] = [];
  for (const name of VOCABULARY[from].variables) {
    if (provided.has(name) || !new RegExp(`\\b${name}\\b`).test(command)) continue;
    const hint = name === 'USER_PROMPT' ? '; read the prompt from the event JSON on stdin instead' : '';
    notes.push({ severity: 'warning', code: 'env-var-missing', message: `the command uses ${name}, which ${VOCABULARY[to].label} does not set${hint}` });
  }
  return notes;
}
