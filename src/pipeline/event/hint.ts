// What to tell someone who named an event the dialect does not have: the name they slipped on
// (case, `_`/`-`, a typo), or the dialect whose name it is and this dialect's name for that moment.
// Only loaded on that error path.
import type { DialectName } from '../../dialects/dialect.js';
import { DIALECT_NAMES, getDialect } from '../../dialects/index.js';
import { nearest } from '../../render/near-miss.js';
import { isAgentName, readEvent, VOCABULARY, writeEvent } from '../../migrate/lookup.js';

const fold = (name: string) => name.toLowerCase().replace(/[_\-\s]/g, '');

/** `dialect`'s name for the moment `name` stands for in `other`, from the one vocabulary (src/dialects/vocabularies.ts). */
function counterpart(name: string, other: DialectName, dialect: DialectName): string | undefined {
  if (!isAgentName(other) || !isAgentName(dialect)) return undefined;
  const moment = readEvent(other, name)?.event;
  if (moment === undefined) return undefined;
  const vocab = VOCABULARY[dialect];
  if (vocab.hintReadOnlyFirst) return vocab.events.find((e) => e.event === moment && e.readOnly)?.name ?? writeEvent(dialect, moment)?.name;
  return writeEvent(dialect, moment)?.name;
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
