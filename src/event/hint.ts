// What to tell someone who named an event the dialect does not have: the name they slipped on
// (case, `_`/`-`, a typo), or the dialect whose name it is and this dialect's name for that moment.
// Only loaded on that error path.
import type { DialectName } from '../dialects/dialect.js';
import { DIALECT_NAMES, getDialect } from '../dialects/index.js';
import { CLAUDE_EVENTS, KIRO_EVENTS, nearest } from '../dialects/gemini/settings/names.js';

const fold = (name: string) => name.toLowerCase().replace(/[_\-\s]/g, '');

/** Gemini's event for each other dialect's name, where one fires at the same moment. */
const TO_GEMINI: Readonly<Partial<Record<DialectName, Readonly<Record<string, string>>>>> = { claude: CLAUDE_EVENTS, kiro: KIRO_EVENTS };

/** `dialect`'s name for the moment `name` stands for in `other` (both ways through Gemini's names). */
function counterpart(name: string, other: DialectName, dialect: DialectName): string | undefined {
  const gemini = other === 'gemini' ? name : TO_GEMINI[other]?.[name];
  if (gemini === undefined) return undefined;
  if (dialect === 'gemini') return gemini;
  const table = TO_GEMINI[dialect] ?? {};
  return Object.keys(table).find((key) => table[key] === gemini);
}

/** The sentence(s) after `unknown <dialect> event "<name>".`, or '' when nothing is close. */
export async function unknownEventHint(name: string, dialect: DialectName, events: readonly string[]): Promise<string> {
  const same = events.find((event) => fold(event) === fold(name)) ?? nearest(name, events);
  if (same) return ` Did you mean "${same}"?`;
  for (const other of DIALECT_NAMES) {
    if (other === dialect || !(await getDialect(other)).events.includes(name)) continue;
    const here = counterpart(name, other, dialect);
    return ` "${name}" is a ${other} event: add --dialect ${other}${here ? `, or use "${here}" (the ${dialect} event at that moment)` : ''}.`;
  }
  return '';
}
