// The plugin `hookrun bridge` writes: one self-contained ES module, the shared runtime (src/bridge/runtime/
// client.js) with its configuration filled in, then the host's adapter. Its first two lines say what wrote it
// and carry the marker `--remove` checks before it deletes anything: the host, how many folders the bridge
// created for it, and the hash of everything below the marker (an edited plugin is not deleted unasked).
import { createHash } from 'node:crypto';
import { toolNames, writeEvent } from '../migrate/lookup.js';
import type { DialectName } from '../dialects/names.js';
import { type Host, MOMENT_EVENTS, MOMENTS, type Moment } from '../hosts/host.js';
import clientSource from './runtime/client.js?raw';

export const MARKER = '// hookrun-bridge: ';

export interface BridgeSettings {
  dialect: DialectName;
  failClosed: boolean;
  /** The command that starts hookrun: node and the bin script, as this hookrun was started. */
  hookrun: readonly string[];
}

export interface Marker {
  host: string;
  /** The innermost folders of the plugin's path that the bridge created (0: the folder existed). */
  created: number;
  sha256: string;
}

/** The runtime's configuration: the dialect's event for each moment, and its name for each host tool. */
export function runtimeConfig(host: Host, settings: BridgeSettings) {
  const events: Partial<Record<Moment, string>> = {};
  for (const moment of MOMENTS) {
    const name = host.moments[moment] ? writeEvent(settings.dialect, MOMENT_EVENTS[moment])?.name : undefined;
    if (name) events[moment] = name;
  }
  const tools: Record<string, { name: string; args?: Host['tools'][string]['args'] }> = {};
  for (const [hostTool, { canonical, args }] of Object.entries(host.tools)) {
    tools[hostTool] = { name: toolNames(settings.dialect, canonical)[0] ?? hostTool, ...(args ? { args } : {}) };
  }
  return {
    host: host.name,
    label: host.label,
    hookrun: settings.hookrun,
    serveArgs: ['--dialect', settings.dialect, ...(settings.failClosed ? ['--fail-closed'] : [])],
    failClosed: settings.failClosed,
    events,
    tools,
  };
}

const CONFIG_DECLARATION = /^export const CONFIG = \/\* @config \*\/ \{\n[\s\S]*?\n\};\n/m;
const CLIENT_IMPORT = /^import \{[^}]*\} from '\.\.\/\.\.\/bridge\/runtime\/client\.js';\n/m;

/** Sources checked out with CRLF line ends (git's autocrlf on Windows) are read as LF. */
const lf = (text: string) => text.replaceAll('\r\n', '\n');

/** The plugin's text for `host`; `created` goes into the marker. */
export function renderPlugin(host: Host, settings: BridgeSettings, created: number): string {
  const client = lf(clientSource);
  const adapter = lf(host.adapter);
  if (!CONFIG_DECLARATION.test(client)) throw new Error('src/bridge/runtime/client.js: its CONFIG declaration is not where the renderer looks');
  if (!CLIENT_IMPORT.test(adapter)) throw new Error(`src/hosts/${host.name}/plugin.js: it must import the runtime in one line`);
  const config = JSON.stringify(runtimeConfig(host, settings), null, 2);
  // A function, so that a `$` in a path (hookrun's, in the configuration) is not read as a replacement pattern.
  const runtime = client.replace(CONFIG_DECLARATION, () => `const CONFIG = ${config};\n`).replace(/^export (?=const |function |async function )/gm, '');
  const body = `${runtime}\n${adapter.replace(CLIENT_IMPORT, '')}`;
  const head = `// Written by \`hookrun bridge ${host.name}\`: ${host.label} runs ${settings.dialect} hooks through hookrun. Remove it with \`hookrun bridge ${host.name} --remove\`.`;
  const marker: Marker = { host: host.name, created, sha256: digest(host.name, created, body) };
  return `${head}\n${MARKER}${JSON.stringify(marker)}\n${body}`;
}

/** The hash covers the marker's host and folder count too: an edited count would make --remove delete other folders. */
const digest = (host: string, created: number, body: string) => createHash('sha256').update(`${host}\n${created}\n${body}`).digest('hex');

/** A plugin file's marker, when it has one; `intact` says whether the text below it is what the bridge wrote. */
export function readMarker(written: string): { marker: Marker; intact: boolean } | undefined {
  // A plugin committed to a repository may come back from git with CRLF line ends: the same plugin.
  const text = lf(written);
  const lines = text.split('\n', 2);
  if (lines.length < 2 || !lines[1]?.startsWith(MARKER)) return undefined;
  let marker: Marker;
  try {
    marker = JSON.parse(lines[1].slice(MARKER.length));
  } catch {
    return undefined;
  }
  if (typeof marker?.host !== 'string' || !Number.isInteger(marker.created) || typeof marker.sha256 !== 'string') return undefined;
  const body = text.slice(lines[0]!.length + 1 + lines[1].length + 1);
  return { marker, intact: digest(marker.host, marker.created, body) === marker.sha256 };
}
