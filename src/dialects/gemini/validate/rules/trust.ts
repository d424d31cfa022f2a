// What decides whether configured hooks run at all here: whether Gemini CLI can start, hooksConfig.enabled, folder trust,
// extension enablement, and the first-run warning for workspace hooks (docs/sources.md §G7.1).
import { disabledListBlocker, hooksDisabledDiagnostic, inactiveExtensionDiagnostic, startUpBlocker, untrustedDiagnostic } from '../../settings/load.js';
import { isPlainObject } from '../../../../settings/jsonc.js';
import { hookKey, hookLabel } from '../../trust/hooks.js';
import { hooksOf, isObjectLike, type Rule } from './types.js';

export const stateRules: Rule = (model, report) => {
  const checked = model.layers.filter((layer) => !layer.skipped);
  const blocker = startUpBlocker(model.merged, checked);
  if (blocker) report('section-null', blocker.message, blocker.location, 'Make it an object ({}) or remove it.');
  const disabled = model.hooksEnabled ? disabledListBlocker(model.merged, checked, model.entries.length) : undefined;
  if (disabled) report('disabled-not-list', disabled.message, disabled.location, 'Make hooksConfig.disabled a list of hook names (or commands).');
  if (!model.hooksEnabled) {
    const diagnostic = hooksDisabledDiagnostic(model.layers.filter((layer) => !layer.skipped));
    report(diagnostic.code, diagnostic.message, diagnostic.location, 'Remove "hooksConfig.enabled": false (or set it to true) to run hooks.');
  }
  if (model.trust && !model.trust.trusted) {
    const diagnostic = untrustedDiagnostic(model.ctx, model.trust);
    report(diagnostic.code, diagnostic.message, undefined, 'Trust the folder in Gemini CLI, or ignore this in CI where nothing is trusted.');
  }
  for (const extension of model.extensions) {
    if (extension.active || extension.slots.length === 0) continue;
    const diagnostic = inactiveExtensionDiagnostic(extension.name, extension.hooksFile);
    report(diagnostic.code, diagnostic.message, diagnostic.location, `Enable it with \`gemini extensions enable ${extension.name}\` if its hooks should run here.`);
  }
};

/**
 * Gemini CLI walks the workspace file's `hooks` (every key, every definition with a hooks array,
 * every hook, valid or not) and warns once about each `name:command` not yet recorded for this
 * workspace in trusted_hooks.json, then records them all.
 */
export const trustedHooksRule: Rule = (model, report) => {
  const workspace = model.layers.find((layer) => layer.layer === 'workspace');
  if (!workspace?.doc || workspace.skipped || !isPlainObject(workspace.settings.hooks)) return;
  const { file, keys } = model.trustedHooks;
  for (const [event, definitions] of Object.entries(workspace.settings.hooks)) {
    if (!Array.isArray(definitions)) continue;
    definitions.forEach((definition, definitionIndex) => {
      hooksOf(definition).forEach((hook, index) => {
        if (!isObjectLike(hook) || hook.type === 'runtime') return;
        const key = hookKey(hook);
        if (keys.has(key)) return;
        const shown = hookLabel(hook);
        report(
          'untrusted-project-hook',
          `Workspace hook "${shown}" is not yet in trusted_hooks.json: Gemini CLI will warn about it on its first run here ("The following project-level hooks have been detected in this workspace"), then record it.`,
          workspace.doc!.locate(['hooks', event, definitionIndex, 'hooks', index]),
          `Expected for a new or changed hook. Gemini CLI records "${key}" under "${model.ctx.cwd}" in ${file}; a changed name or command warns again.`,
        );
      });
    });
  }
};
