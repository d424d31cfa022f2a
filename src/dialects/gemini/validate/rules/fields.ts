// Per-hook and per-definition fields Gemini CLI reads without validating: `timeout` (milliseconds),
// `sequential` (only the JSON boolean true counts), and keys it does not read at all.
import { GEMINI_DEFAULT_TIMEOUT_MS, timeoutTrap } from '../../traps.js';
import { nearest } from '../../../../render/near-miss.js';
import type { Location } from '../../../../pipeline/types.js';
import { hooksOf, isObjectLike, type Report, type Rule } from './types.js';

/** Commands that often take longer than a minute: installs, builds, test runs, network, containers. */
const SLOW_COMMAND =
  /\b(npm (install|ci|test|run)|npx|pnpm|yarn|docker|podman|pip3? install|poetry|cargo (build|test)|go (build|test)|mvn|gradle|make|pytest|jest|vitest|tsc|eslint|curl|wget|git (clone|fetch|pull|push)|terraform|kubectl)\b|\bsleep \d{2,}/;

/** Builtins that only print or set a status: their arguments are text, never a slow program. */
const TRIVIAL = new Set(['echo', 'printf', 'true', 'false', ':', 'exit', 'return', 'test', '[', 'cd']);

/**
 * Whether a command runs a slow-looking program: SLOW_COMMAND is tried on each simple command (split at
 * `;`, `&&`, `||`, `|`, `&` and line breaks) whose first word is not a trivial builtin, so `echo "npm test
 * passed"` does not count and `echo start && npm test` does. Quotes are not parsed: a heuristic for an info.
 */
function looksSlow(command: string): boolean {
  return command
    .split(/&&|\|\||[;|&\n]/)
    .map((part) => part.trim().replace(/^(\w+=\S*\s+)+/, ''))
    .some((part) => part !== '' && !TRIVIAL.has(part.split(/\s+/)[0]!) && SLOW_COMMAND.test(part));
}

export const timeoutRules: Rule = (model, report) => {
  for (const definition of model.definitions) {
    hooksOf(definition.value).forEach((hook, index) => {
      if (!isObjectLike(hook)) return;
      const timeout = hook.timeout;
      const location = definition.locate(['hooks', index, 'timeout']);
      if (timeout === undefined) {
        if (typeof hook.command === 'string' && looksSlow(hook.command)) {
          report(
            'timeout-missing',
            `No timeout on a hook that looks slow ("${hook.command}"): Gemini CLI stops it after ${GEMINI_DEFAULT_TIMEOUT_MS / 1000} s.`,
            definition.locate(['hooks', index]),
            'Add "timeout": <milliseconds> if it may need longer, e.g. "timeout": 300000 for five minutes.',
          );
        }
        return;
      }
      const trap = timeoutTrap(timeout);
      if (trap) report(trap.code, trap.message, location, trap.fix);
    });
  }
};

export const sequentialRule: Rule = (model, report) => {
  for (const definition of model.definitions) {
    if (!isObjectLike(definition.value) || !('sequential' in definition.value)) continue;
    const sequential = definition.value.sequential;
    if (typeof sequential === 'boolean' || sequential === undefined) continue;
    const meantTrue = String(sequential).trim().toLowerCase() === 'true' || sequential === 1;
    report(
      'sequential-not-boolean',
      `"sequential": ${JSON.stringify(sequential)} is not the JSON boolean true, so Gemini CLI ignores it${meantTrue ? ' and runs these hooks in parallel' : ''}.`,
      definition.locate(['sequential']),
      meantTrue ? 'Write "sequential": true (no quotes).' : 'Write "sequential": false (no quotes), or remove it.',
    );
  }
};

const HOOK_KEYS = ['type', 'command', 'name', 'description', 'timeout', 'env'];
const DEFINITION_KEYS = ['matcher', 'sequential', 'hooks'];
/** Keys other agents read that Gemini CLI does not, with what to do instead. */
const FOREIGN_KEYS: Readonly<Record<string, string>> = {
  timeout_ms: 'Kiro CLI\'s key; Gemini CLI reads "timeout" (also milliseconds)',
  async: 'a Claude Code key; Gemini CLI always waits for the hook',
  statusMessage: 'a Claude Code key; Gemini CLI has no status message',
  if: 'a Claude Code key; Gemini CLI has no per-hook condition (filter inside the hook)',
  args: 'a Claude Code key; put the arguments in "command"',
  max_output_size: 'a Kiro CLI key; Gemini CLI does not cap hook output',
  cache_ttl_seconds: 'a Kiro CLI key; Gemini CLI does not cache hook results',
};

export const unknownKeyRule: Rule = (model, report) => {
  for (const definition of model.definitions) {
    if (!isObjectLike(definition.value) || Array.isArray(definition.value)) continue;
    checkKeys(definition.value, DEFINITION_KEYS, 'definition', (key) => definition.locate([key], { key: true }), report);
    hooksOf(definition.value).forEach((hook, index) => {
      if (!isObjectLike(hook) || Array.isArray(hook)) return;
      checkKeys(hook, HOOK_KEYS, 'hook', (key) => definition.locate(['hooks', index, key], { key: true }), report);
    });
  }
};

function checkKeys(value: Record<string, unknown>, known: string[], what: string, locate: (key: string) => Location | undefined, report: Report): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const foreign = Object.hasOwn(FOREIGN_KEYS, key) ? FOREIGN_KEYS[key] : undefined;
    const near = foreign ? undefined : nearest(key, known);
    report(
      'unknown-key',
      `Gemini CLI ignores "${key}" in a ${what}${foreign ? ` (${foreign})` : ''}; a ${what} has ${known.map((k) => `"${k}"`).join(', ')}.`,
      locate(key),
      near ? `Did you mean "${near}"?` : key === 'timeout_ms' ? 'Rename it to "timeout".' : `Remove "${key}".`,
    );
  }
}
