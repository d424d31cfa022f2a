// A command that starts a process in the background (`cmd &`) with its stdout or stderr still on the
// hook's pipes: the agent reads until every pipe closes, so it waits for that process, up to the hook's
// timeout (after which the hook counts as timed out and its answer is lost). Read with shell-quote, as
// bash would split it; only what the command's own words say is judged (a redirect inside a script is not seen).
import { parse, type ParseEntry } from 'shell-quote';
import { hooksOf, isObjectLike, type Rule } from './types.js';
import { shortened } from '../../../../render/mask.js';

type Where = 'pipe' | 'elsewhere';
const SEPARATORS = new Set([';', '&&', '||', '|', '|&', ';;', '&']);
const REDIRECTS = new Set(['>', '>>', '>&', '>|']);

const opOf = (token: ParseEntry | undefined): string | undefined => (typeof token === 'object' && token !== null && 'op' in token ? token.op : undefined);

export const backgroundRules: Rule = (model, report) => {
  // PowerShell has no `&` background operator of this kind.
  if (model.ctx.platform === 'win32') return;
  for (const definition of model.definitions) {
    const registered = new Set(definition.entries.map((entry) => entry.location?.path.at(-1)));
    hooksOf(definition.value).forEach((hook, index) => {
      if (!isObjectLike(hook) || typeof hook.command !== 'string' || !registered.has(index) || hook.type === 'runtime') return;
      const held = backgroundHoldingOutput(hook.command);
      if (held === undefined) return;
      report(
        'background-holds-output',
        `"${held.text} &" runs in the background with its ${held.streams} still on the hook's pipe: the agent reads until every pipe closes, so it waits for that process (up to the hook's timeout; then the hook counts as timed out and its answer is lost).`,
        definition.locate(['hooks', index, 'command']),
        `Redirect its output, e.g. "${held.text} >/dev/null 2>&1 &" (or to a log file); or end the command with "wait" if the hook means to wait for it.`,
      );
    });
  }
};

/** The first backgrounded command whose stdout or stderr is left on the hook's pipes, if any. */
export function backgroundHoldingOutput(command: string): { text: string; streams: string } | undefined {
  let tokens: ParseEntry[];
  try {
    // Variables stay words: their values do not decide where the output goes. shell-quote drops the
    // spacing that tells `2>x` (a redirect of fd 2) from `sleep 2 >x`, so an fd written against `>` is marked.
    tokens = parse(command.replace(/(^|[\s;&|()])(\d)(?=>)/g, '$1__fd$2__ '), (name) => `$${name}`);
  } catch {
    return undefined;
  }
  // `exec >log 2>&1` sends everything after it elsewhere.
  const global: Record<1 | 2, Where> = { 1: 'pipe', 2: 'pipe' };
  let start = 0;
  let depth = 0;
  for (let i = 0; i <= tokens.length; i++) {
    const op = opOf(tokens[i]);
    if (op === '(') depth++;
    if (op === ')') depth--;
    // `&>` and `&>>` arrive as `&` then the redirect: a redirect, not a separator.
    const isBackground = op === '&' && !REDIRECTS.has(opOf(tokens[i + 1]) ?? '');
    const ends = i === tokens.length || (depth === 0 && op !== undefined && SEPARATORS.has(op) && (op !== '&' || isBackground));
    if (!ends) continue;
    const segment = tokens.slice(start, i);
    start = i + 1;
    const where = streamsOf(segment, global);
    if (segment[0] === 'exec' && segment.every((t, k) => k === 0 || typeof t !== 'string' || /^__fd\d__$/.test(t) || REDIRECTS.has(opOf(segment[k - 1]) ?? ''))) {
      global[1] = where[1];
      global[2] = where[2];
      continue;
    }
    if (!isBackground) continue;
    if (tokens.slice(i + 1).includes('wait')) return undefined;
    const held = [where[1] === 'pipe' ? 'stdout' : '', where[2] === 'pipe' ? 'stderr' : ''].filter(Boolean);
    if (held.length > 0) return { text: textOf(segment), streams: held.join(' and ') };
  }
  return undefined;
}

/** Where fds 1 and 2 of a simple command (or a group) end up, applying its redirects in order at its top level. */
function streamsOf(segment: ParseEntry[], initial: Record<1 | 2, Where>): Record<1 | 2, Where> {
  const where = { ...initial };
  let depth = 0;
  for (let k = 0; k < segment.length; k++) {
    const op = opOf(segment[k]);
    if (op === '(') depth++;
    if (op === ')') depth--;
    if (depth !== 0) continue;
    if (op === '&' && REDIRECTS.has(opOf(segment[k + 1]) ?? '')) {
      where[1] = where[2] = 'elsewhere';
      k++;
      continue;
    }
    if (op === undefined || !REDIRECTS.has(op)) continue;
    const before = segment[k - 1];
    const marked = typeof before === 'string' ? /^__fd(\d)__$/.exec(before)?.[1] : undefined;
    const fd = marked === undefined || marked === '1' ? 1 : marked === '2' ? 2 : undefined;
    if (fd === undefined) continue;
    const target = segment[k + 1];
    // `2>&1` copies where fd 1 goes now; `>&-` closes; any other target is a file.
    where[fd] = op === '>&' && target === '1' ? where[1] : op === '>&' && target === '2' ? where[2] : 'elsewhere';
  }
  return where;
}

function textOf(segment: ParseEntry[]): string {
  const text = segment
    .map((t) => (typeof t === 'string' ? t : (opOf(t) ?? '')))
    .join(' ')
    .replace(/__fd(\d)__ /g, '$1')
    .replace(/(>>|>&|>) /g, '$1')
    .replace(/\( /g, '(')
    .replace(/ \)/g, ')');
  return shortened(text, 80);
}
