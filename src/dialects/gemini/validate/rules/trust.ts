// What decides whether configured hooks run at all here: whether Gemini CLI can start, hooksConfig.enabled, folder trust,
// extension enablement, and the first-run warning for workspace hooks (docs/sources.md §G7.1).
import { disabledListBlocker, hooksDisabledDiagnostic, inactiveExtensionDiagnostic, startUpBlocker, untrustedDiagnostic } from '../../settings/load.js';
import { isPlainObject } from '../../../../files/jsonc.js';
import { hookKey, hookLabel } from '../../trust/hooks.js';
import { secretVariables } from '../../env.js';
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
    report(diagnostic.code, diagnostic.message, undefined, 'Trust the folder in Gemini CLI; in CI, where nothing is trusted yet, give --trust-workspace (README: CI recipe).');
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
  // hookrun's one-run trust (validate --trust-workspace sets it) covers the workspace's hooks too, as run's
  // fingerprint gate holds back only in a folder trusted by file (docs/safety.md "Trust in every dialect"): CI's story.
  // GEMINI_CLI_TRUST_WORKSPACE is Gemini CLI's own, under which it still warns on a first run: reported.
  if (model.ctx.env.HOOKRUN_TRUST_WORKSPACE === 'true') return;
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

const VARIABLE = /\$(?:(\w+)|\{([^}:]+)(?::-[^}]*)?\})/g;

/**
 * A command (as written) that names a variable Gemini's redaction rules call secret: Gemini CLI expands it
 * when it loads the settings, so the value is part of the command it runs and shows, and for a workspace
 * hook of the `name:command` fingerprint it writes into trusted_hooks.json. The value itself is never shown.
 */
export const secretCommandRule: Rule = (model, report) => {
  const secrets = new Set(secretVariables(model.ctx.env, { allowed: [], blocked: [] }).map((s) => s.name));
  if (secrets.size === 0) return;
  for (const layer of model.layers) {
    const hooks = layer.doc && !layer.skipped && isPlainObject(layer.doc.value) ? layer.doc.value.hooks : undefined;
    if (!isPlainObject(hooks)) continue;
    for (const [event, definitions] of Object.entries(hooks)) {
      if (!Array.isArray(definitions)) continue;
      definitions.forEach((definition, d) => {
        hooksOf(definition).forEach((hook, h) => {
          if (!isObjectLike(hook) || typeof hook.command !== 'string') return;
          const named = [...hook.command.matchAll(VARIABLE)].map((m) => (m[1] ?? m[2])!).filter((name) => secrets.has(name));
          if (named.length === 0) return;
          const where = layer.layer === 'workspace' ? `, and Gemini CLI writes the expanded command into trusted_hooks.json as the hook's fingerprint` : '';
          report(
            'secret-in-command',
            `The command names ${[...new Set(named)].map((n) => `\${${n}}`).join(', ')}, a secret by Gemini CLI's redaction rules: Gemini CLI expands it when it loads the settings, so the value is in the command it runs and shows${where}.`,
            layer.doc!.locate(['hooks', event, d, 'hooks', h, 'command']),
            "Read the variable inside the hook's script at run time instead of naming it in the settings (Gemini CLI expands every $NAME there, with no escape); with redaction on, list it in security.environmentVariableRedaction.allowed so the script sees it.",
          );
        });
      });
    }
  }
};
