// Claude Code plugin hooks (plugins reference, docs/sources.md §C6): a plugin's `hooks/hooks.json`
// (or its manifest's `hooks` field: a path, a list of paths, or an inline object) merges with the settings
// files' hooks. hookrun reads skills-directory plugins, the kind that needs no install record: every
// `<skills-dir>/<name>/.claude-plugin/plugin.json` is the plugin `<name>@skills-dir`. The personal skills
// directory loads everywhere; the project one only after the interactive workspace trust dialog, which
// `-p` (and so hookrun) never shows. `enabledPlugins: {"<id>": false}` in any settings file disables one.
import path from 'node:path';
import { type Context, homeDir } from '../../pipeline/context.js';
import { isPlainObject, parseJsoncObject } from '../../files/jsonc.js';
import type { JsonPath } from '../../files/jsonc.js';
import type { ClaudeResolvedConfig, ClaudeSettingsFile, RegisterHooks } from './settings.js';
import { readInputFile } from '../../files/read-input.js';
import * as observed from '../../files/journal.js';

export interface FoundPlugin {
  id: string;
  root: string;
  manifest: string;
}

/** Skills-directory plugins in one skills directory, by directory name (sorted, so the order is stable). */
function skillsDirPlugins(skillsDir: string): FoundPlugin[] {
  let names: string[];
  try {
    names = observed.listDir(skillsDir).sort();
  } catch {
    return [];
  }
  const found: FoundPlugin[] = [];
  for (const name of names) {
    const root = path.join(skillsDir, name);
    const manifest = path.join(root, '.claude-plugin', 'plugin.json');
    if (observed.exists(manifest)) found.push({ id: `${name}@skills-dir`, root, manifest });
  }
  return found;
}

/** `enabledPlugins` after precedence (managed > local > project > user): the last file that names the id decides. */
function enabledValue(files: readonly ClaudeSettingsFile[], id: string): { value: unknown; file: string } | undefined {
  let found: { value: unknown; file: string } | undefined;
  for (const file of files) {
    const map = file.doc?.value.enabledPlugins;
    if (isPlainObject(map) && Object.hasOwn(map, id)) found = { value: map[id], file: file.path };
  }
  return found;
}

export function loadPlugins(ctx: Context, files: readonly ClaudeSettingsFile[], config: ClaudeResolvedConfig, blocked: string | undefined, register: RegisterHooks): void {
  const configDir = ctx.env.CLAUDE_CONFIG_DIR || path.join(homeDir(ctx), '.claude');
  const profile = config.claude.profile;
  const projectSkills = path.join(ctx.cwd, '.claude', 'skills');
  if (path.resolve(projectSkills) !== path.resolve(configDir, 'skills')) {
    for (const plugin of skillsDirPlugins(projectSkills)) {
      config.diagnostics.push({
        code: 'plugin-not-loaded',
        severity: 'info',
        message: `project plugin ${plugin.id} (${plugin.root}) is not loaded: Claude Code loads project skills-directory plugins only after its interactive trust dialog, never under -p`,
        location: { file: plugin.manifest, line: 0, column: 0, path: [] },
      });
    }
  }
  for (const plugin of skillsDirPlugins(path.join(configDir, 'skills'))) {
    const enabled = enabledValue(files, plugin.id);
    if (enabled?.value === false) {
      config.diagnostics.push({
        code: 'plugin-disabled',
        severity: 'info',
        message: `plugin ${plugin.id} is disabled by enabledPlugins in ${enabled.file}`,
        location: { file: enabled.file, line: 0, column: 0, path: ['enabledPlugins', plugin.id] },
      });
      continue;
    }
    const data = path.join(configDir, 'plugins', 'data', plugin.id.replace(/[^A-Za-z0-9_.-]/g, '-'));
    const info = { id: plugin.id, root: plugin.root, data };
    for (const source of hookSources(plugin, config)) {
      register(
        source.hooks,
        { file: source.file, layer: 'plugin', source: `plugin ${plugin.id}`, locate: source.locate, prefix: source.prefix, plugin: info },
        profile,
        config,
        blocked,
      );
    }
  }
}

interface HookSource {
  file: string;
  hooks: unknown;
  locate: ReturnType<typeof parseJsoncObject>['locate'];
  prefix: JsonPath;
}

/** The plugin's hooks files: `hooks/hooks.json`, plus what the manifest's `hooks` field names or holds. */
function hookSources(plugin: FoundPlugin, config: ClaudeResolvedConfig): HookSource[] {
  const sources: HookSource[] = [];
  const read = (file: string): ReturnType<typeof parseJsoncObject> | undefined => {
    try {
      return parseJsoncObject(readInputFile(file, 'utf8'), file, 'A plugin hooks file must be a JSON object.');
    } catch (error) {
      // A broken plugin file costs that plugin's hooks, not the run (Claude Code reports it and goes on).
      config.diagnostics.push({
        code: 'plugin-file-invalid',
        severity: 'warning',
        message: `${(error as Error).message}; plugin ${plugin.id}'s hooks from this file are not loaded`,
        location: { file, line: 0, column: 0, path: [] },
      });
      return undefined;
    }
  };
  const manifest = read(plugin.manifest);
  const seen = new Set<string>();
  const addFile = (file: string) => {
    const resolved = path.resolve(plugin.root, file);
    if (seen.has(resolved) || !observed.exists(resolved)) return;
    seen.add(resolved);
    const doc = read(resolved);
    if (doc) sources.push({ file: resolved, hooks: doc.value.hooks ?? {}, locate: doc.locate, prefix: ['hooks'] });
  };
  addFile(path.join('hooks', 'hooks.json'));
  const field = manifest?.value.hooks;
  if (typeof field === 'string') {
    addFile(field);
  } else if (Array.isArray(field)) {
    for (const item of field) if (typeof item === 'string') addFile(item);
  } else if (isPlainObject(field) && manifest) {
    sources.push({
      file: plugin.manifest,
      hooks: isPlainObject(field.hooks) ? field.hooks : field,
      locate: manifest.locate,
      prefix: isPlainObject(field.hooks) ? ['hooks', 'hooks'] : ['hooks'],
    });
  }
  return sources;
}
