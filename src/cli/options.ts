// The option table (options.ts) as commander options: each row a command takes becomes its flag, with the
// row's help, parser, choices and default. What commander parses comes back under the rows' names.
import { type Command, InvalidArgumentError, Option } from 'commander';
import { type OptionCommand, type OptionKind, type OptionValues, optionsOf } from '../pipeline/options.js';

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** A parser for a whole number flag: digits only (Number() would read '' as 0 and '1e3' or '0x10' as numbers nobody typed). */
export function integer(flag: string) {
  return (value: string): number => {
    const n = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n)) throw new InvalidArgumentError(`${flag} must be a whole number, got "${value}"`);
    return n;
  };
}

function commanderOption(flags: string, help: string, kind: OptionKind, fallback: number | undefined): Option {
  const option = new Option(flags, help);
  const long = option.long ?? flags;
  if (kind.type === 'count') option.argParser(integer(long));
  if (kind.type === 'strings') option.argParser(collect);
  if (kind.type === 'string' && kind.choices) option.choices(kind.choices);
  if (fallback !== undefined) option.default(fallback);
  return option;
}

/** Adds the table's options that `name` takes to `command`. */
export function addOptions(command: Command, name: OptionCommand): Command {
  for (const [, row] of optionsOf(name)) command.addOption(commanderOption(row.flags, row.help, row.kind, row.default));
  return command;
}

/** The table's values out of what commander parsed for `name` (flags not given stay undefined; `--no-x` is false). */
export function optionValues(opts: Record<string, unknown>, name: OptionCommand): OptionValues {
  const values: Record<string, unknown> = {};
  for (const [key, row] of optionsOf(name)) {
    const value = opts[key];
    // commander sets a `--no-x` flag's attribute to true when absent: only its `false` is news.
    if (row.kind.type === 'negated' ? value === false : value !== undefined) values[key] = value;
  }
  return values as OptionValues;
}
