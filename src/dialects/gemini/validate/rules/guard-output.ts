// A guard whose script prints a line to stdout before its JSON answer: the agent parses stdout as one
// JSON object, so `echo "checking $cmd"` before `echo '{"decision":"deny"}'` makes the whole output plain
// text, and with exit 0 that is an allow. Found where the guard's own text is visible: the command, and
// the script file it runs (scriptTextOf). Line by line, a heuristic: a write that is not the answer,
// before the first write that is.
import { scriptTextOf } from './commands.js';
import { hooksOf, isObjectLike, type Rule } from './types.js';

/** The events whose answer can block (an allow by mistake matters there). */
const GUARD_EVENTS: ReadonlySet<string> = new Set(['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'BeforeModel', 'AfterModel']);

/** A statement that writes to stdout: echo/printf/cat <<, print(), console.log, process.stdout.write, sys.stdout.write, puts. */
const STDOUT_WRITE =
  /(?:^|[;&|{(]\s*|\bthen\s+|\bdo\s+|\belse\s+)(?:echo|printf)\b|\bprint\s*\(|\bconsole\.log\s*\(|\bprocess\.stdout\.write\s*\(|\bsys\.stdout\.write\s*\(|^\s*puts\b/;
/** ... unless it goes elsewhere: to stderr, to a file (stdout's own `>`, not `2>`), or into a variable. */
const ELSEWHERE = /1?>&2|>\s*\/dev\/stderr|\bfile\s*=\s*sys\.stderr|(?<![2&])>>?\s*["']?[\w$./-]|=\s*\$\(/;
/** The JSON answer: an object literal that opens with `{"`, or a serializer's output. */
const ANSWER = /\{\s*\\?["']|\bjson\.dumps\b|\bJSON\.stringify\b|\bjq\b/;

export interface DebugBeforeAnswer {
  /** The first write that is not the answer (trimmed). */
  debug: string;
  /** The answer it comes before (trimmed). */
  answer: string;
}

/** A stdout write before the first write of a JSON answer in this text, if there is one. */
export function debugBeforeAnswer(text: string): DebugBeforeAnswer | undefined {
  let debug: string | undefined;
  for (const raw of text.split(/\r?\n|;(?=\s*(?:echo|printf)\b)/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('//')) continue;
    if (!STDOUT_WRITE.test(line) || ELSEWHERE.test(line)) continue;
    if (ANSWER.test(line)) return debug === undefined ? undefined : { debug, answer: line };
    debug ??= line;
  }
  return undefined;
}

const clip = (line: string) => (line.length > 60 ? `${line.slice(0, 57)}...` : line);

export const guardOutputRule: Rule = (model, report) => {
  for (const definition of model.definitions) {
    if (!GUARD_EVENTS.has(definition.event)) continue;
    const registered = new Set(definition.entries.map((entry) => entry.location?.path.at(-1)));
    hooksOf(definition.value).forEach((hook, index) => {
      if (!isObjectLike(hook) || typeof hook.command !== 'string' || !registered.has(index) || hook.type === 'runtime') return;
      const script = scriptTextOf(hook.command, model.ctx);
      const found = debugBeforeAnswer(hook.command) ?? (script === undefined ? undefined : debugBeforeAnswer(script));
      if (!found) return;
      report(
        'debug-before-json',
        `This ${definition.event} hook${script === undefined ? '' : "'s script"} prints \`${clip(found.debug)}\` to stdout before its JSON answer (\`${clip(found.answer)}\`). Gemini CLI parses stdout as one JSON object: with text before it, the whole output is plain text, and with exit code 0 the "decision" in it is never read: a deny becomes an allow.`,
        definition.locate(['hooks', index, 'command']),
        'Print debug lines to stderr (`echo ... >&2`, `console.error(...)`, `print(..., file=sys.stderr)`), so stdout carries the JSON answer alone; or exit 2 with the reason on stderr to block.',
      );
    });
  }
};
