// How hooks are identified: the planner's de-duplication key (`name:command`) and the display
// name `hooksConfig.disabled` is compared with (name, else command).
import { formatLocation } from '../../../../pipeline/errors.js';
import { dedupKey, matcherContext } from '../../plan.js';
import { isPlainObject } from '../../../../files/jsonc.js';
import { nearest } from '../../../../render/near-miss.js';
import type { RegistryEntry } from '../../../../pipeline/types.js';
import type { Rule } from './types.js';

export const duplicateRule: Rule = (model, report) => {
  const firstByKey = new Map<string, RegistryEntry>();
  for (const entry of model.entries) {
    // Disabled hooks are filtered out before de-duplication, so they shadow nothing.
    if (!entry.enabled) continue;
    let key: string;
    try {
      key = `${entry.event}\u0000${dedupKey(entry)}`;
    } catch {
      // A name or command that cannot become text: schema-invalid says so; there is no key to compare.
      continue;
    }
    const first = firstByKey.get(key);
    if (!first) {
      firstByKey.set(key, entry);
      continue;
    }
    if (!alwaysMatchesWhenOtherDoes(first, entry)) continue;
    const where = first.location ? formatLocation(first.location) : 'an earlier definition';
    report(
      'duplicate-hook',
      `Same name and command as the ${entry.event} hook at ${where}: Gemini CLI keeps the first and never runs this one (its own timeout, env and matcher are unused).`,
      entry.location,
      'Remove this copy, or give it a different "name" if both should run.',
    );
  }
};

/** Whenever `later` matches, `first` does too, so the planner always drops `later`. */
function alwaysMatchesWhenOtherDoes(first: RegistryEntry, later: RegistryEntry): boolean {
  const probe = matcherContext(first.event, { tool_name: 'x', source: 'x', reason: 'x', trigger: 'x' });
  if (probe.kind === 'none') return true;
  const normal = (matcher: unknown) => (!matcher ? '*' : typeof matcher === 'string' && matcher.trim() !== '' ? matcher.trim() : '*');
  return normal(first.matcher) === '*' || normal(first.matcher) === normal(later.matcher);
}

export const disabledRules: Rule = (model, report) => {
  const names = new Set(model.entries.map((entry) => entry.displayName));
  for (const layer of model.layers) {
    const hooksConfig = layer.settings.hooksConfig;
    const disabled = isPlainObject(hooksConfig) ? hooksConfig.disabled : undefined;
    if (!Array.isArray(disabled) || !layer.doc) continue;
    disabled.forEach((name: unknown, index) => {
      if (typeof name !== 'string' || names.has(name)) return;
      const location = layer.doc!.locate(['hooksConfig', 'disabled', index]);
      const byCommand = model.entries.find((entry) => entry.config.command === name && entry.config.name);
      if (byCommand) {
        report(
          'disabled-by-command',
          `"${name}" is the command of the hook named "${byCommand.config.name}"; hooksConfig.disabled matches a hook's name when it has one, so this hook is NOT disabled.`,
          location,
          `Write "${byCommand.config.name}" instead.`,
        );
        return;
      }
      const near = nearest(name, [...names]);
      report(
        'disabled-no-match',
        `hooksConfig.disabled lists "${name}", but no hook is called that (a hook's name is its "name", else its command, compared exactly).`,
        location,
        near ? `Did you mean "${near}"?` : "Remove the entry, or correct it to a hook's name.",
      );
    });
  }
};
