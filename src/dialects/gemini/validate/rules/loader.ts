// The settings loader's own findings (layer failures, schema issues, registry skips, extension
// problems), reported as the loader words them, each with a fix. The rules themselves live in
// src/files/, where `run` applies them too.
import type { Diagnostic } from '../../../../pipeline/types.js';
import { suggestEventName } from '../../settings/event-hint.js';
import { SETTINGS_SYNTAX_FIX } from '../../settings/load.js';
import { HOOK_EVENTS } from '../../events.js';
import { isFindingCode, type FindingCode } from '../codes.js';
import type { Rule } from './types.js';

export const loaderFindings: Rule = (model, report) => {
  for (const diagnostic of model.diagnostics) {
    const fix = diagnostic.fix ?? (isFindingCode(diagnostic.code) ? FIXES[diagnostic.code]?.(diagnostic) : undefined);
    report(diagnostic.code, diagnostic.message, diagnostic.location, fix);
  }
};

const lastKey = (d: Diagnostic): string => String(d.location?.path.at(-1) ?? '');

const FIXES: Partial<Record<FindingCode, (d: Diagnostic) => string>> = {
  'settings-unreadable': (d) =>
    d.message.endsWith('is a directory, not a settings file')
      ? 'Remove the directory, or put the settings file in its place.'
      : 'Make the file readable by the user who runs Gemini CLI, or remove it.',
  'settings-syntax-error': () => SETTINGS_SYNTAX_FIX,
  'settings-not-object': () => 'Put the settings in one JSON object: { "hooks": { ... } }.',
  'system-file-insecure': () =>
    'Make the file and every folder above it owned by root and not writable by group or others (sudo chown root:root, sudo chmod go-w), or move it into such a folder; with Gemini CLI 0.59 or older, give --gemini-version 0.59.0.',
  // `hookrun schema settings` describes hooks and hooksConfig only; other keys get the type named in the message.
  'schema-invalid': (d) =>
    ['hooks', 'hooksConfig'].includes(String(d.location?.path[0]))
      ? 'Give the value the type the schema expects (`hookrun schema settings` prints it).'
      : 'Give the value the type the message names, or remove the key.',
  'trusted-folders-invalid': () => 'Fix or remove that entry: the trust levels are TRUST_FOLDER, TRUST_PARENT and DO_NOT_TRUST.',
  'ignored-hooks-key': (d) => `Move it to "hooksConfig.${lastKey(d)}".`,
  'invalid-event-name': (d) => {
    const suggestion = suggestEventName(lastKey(d));
    return suggestion ? `Rename the key to "${suggestion.name}".` : `Use one of the event names: ${HOOK_EVENTS.join(', ')}.`;
  },
  'event-not-array': () => 'Write the event as an array of definitions: [ { "matcher": "...", "hooks": [ { "type": "command", "command": "..." } ] } ].',
  'invalid-definition': () => 'A definition is an object with a "hooks" array: { "matcher": "...", "hooks": [ { "type": "command", "command": "..." } ] }.',
  'invalid-hook-entry': () => 'Each hook is an object: { "type": "command", "command": "..." }.',
  'invalid-hook-type': () => 'Write "type": "command" (exactly, lower case).',
  'missing-command': () => 'Add "command": "<shell command>" to the hook.',
  'missing-name': () => 'Runtime hooks are registered by code, not settings: use "type": "command" with a "command".',
  'runtime-hook-in-settings': () => 'Write "type": "command" to run the command.',
  'extension-skipped': () => 'Fix the extension (its gemini-extension.json needs "name" and "version"), or uninstall it.',
  'extension-hooks-unreadable': () => 'hooks/hooks.json is read with plain JSON.parse: no comments, no trailing commas.',
  'extension-hooks-invalid': () => 'hooks/hooks.json must be { "hooks": { "<Event>": [ ... ] } }.',
  'extension-enablement-unreadable': () => 'Fix or remove extension-enablement.json (plain JSON).',
  'env-file-unreadable': () => 'Make it a readable file, or move it away: Gemini CLI stops its .env search at the first path that exists, a directory included.',
};
