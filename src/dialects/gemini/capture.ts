// `hookrun record` in Gemini CLI's workspace settings (Dialect.capture): the file the capture hook goes
// into, the events it can capture, why Gemini would not run it, and its fingerprint recorded so the
// gate lets it run. Loaded only by `record`.
import { CAPTURE_HOOK_NAME } from '../../testing/record-install.js';
import type { CaptureTarget } from '../dialect.js';
import { GEMINI_EVENTS } from './input-schemas.js';
import { geminiSettingsPaths, loadGeminiConfig, loadSettingsLayers, workspaceIsHome } from './settings/load.js';
import { recordProjectHooks } from './trust/edit.js';
import { assessProjectHooks, projectHooksOf } from './trust/hooks.js';

export const geminiCapture: CaptureTarget = {
  events: GEMINI_EVENTS,
  settingsFile: (ctx) => geminiSettingsPaths(ctx).workspace,

  async notes(ctx) {
    const notes: string[] = [];
    if (workspaceIsHome(ctx)) notes.push('this folder is your home directory: the file edited is your user settings, so every session is captured');
    try {
      const config = await loadGeminiConfig(ctx);
      if (!config.hooksEnabled) notes.push('hooks are disabled (hooksConfig.enabled is false): Gemini CLI will not run the capture hook');
      else if (!config.trust.trusted)
        notes.push(`this folder is not trusted (${config.trust.detail ?? config.trust.by}): Gemini CLI ignores its settings hooks until you trust it`);
    } catch (error) {
      notes.push(`the settings could not be checked: ${(error as Error).message}`);
    }
    return notes;
  },

  /**
   * The capture hook is hookrun's own, just written: its fingerprint (and its script's hash) is recorded in
   * trusted_hooks.json as `hookrun trust --hooks` would. Only the capture hooks: the project's other hooks
   * keep whatever trust they had.
   */
  async trust(ctx) {
    if (workspaceIsHome(ctx)) return;
    // As the gate reads them: the workspace file as loaded (environment-expanded), walked as Gemini walks it.
    const workspace = loadSettingsLayers(ctx).find((layer) => layer.layer === 'workspace');
    if (!workspace?.doc) return;
    const capture = projectHooksOf(workspace.settings.hooks).filter((hook) => hook.name === CAPTURE_HOOK_NAME && hook.command?.includes('.hookrun/capture'));
    if (capture.length > 0) await recordProjectHooks(ctx, assessProjectHooks(ctx, capture).hooks);
  },
};
