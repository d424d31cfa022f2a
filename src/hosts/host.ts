// What a bridged host is, as data: a host (an agent with in-process plugins and no shell hooks) gets hooks
// through `hookrun bridge <host>`, which writes a plugin into the host's plugin folder (src/bridge/). Each host's
// folder holds its facts (host.ts: folders, events, tools) and its adapter (plugin.js: the host's plugin API
// calling the shared runtime, src/bridge/runtime/client.js). docs/bridge.md has them per host, with sources.
import type { Context } from '../pipeline/context.js';

/** The moments a bridge forwards, by the runtime's method names. */
export const MOMENTS = ['sessionStart', 'promptSubmit', 'toolBefore', 'toolAfter', 'sessionEnd'] as const;
export type Moment = (typeof MOMENTS)[number];

/** Each moment as the cross-agent vocabulary names it (src/migrate/vocabulary.ts), to find a dialect's event. */
export const MOMENT_EVENTS = {
  sessionStart: 'session-start',
  promptSubmit: 'prompt-submit',
  toolBefore: 'pre-tool',
  toolAfter: 'post-tool',
  sessionEnd: 'session-end',
} as const satisfies Record<Moment, string>;

/** A host argument's key in the hooks' tool input (Claude Code's spelling), and a factor for its unit. */
export type ArgSpec = string | { key: string; scale: number };

export interface HostTool {
  /** The vocabulary's canonical tool ('shell', 'read', …); the dialect's name for it is looked up. */
  canonical: string;
  /** Host argument → the hook's tool_input key; an argument not listed keeps its name. */
  args?: Readonly<Record<string, ArgSpec>>;
}

export interface Host {
  name: string;
  /** As the host calls itself. */
  label: string;
  /** The npm package, and the version these facts were checked against by running it. */
  package: string;
  checked: string;
  /** The folder the host loads a project's plugins from, relative to the project. */
  projectFolder: string;
  /** The folder it loads the user's plugins from. */
  userFolder(ctx: Context): string;
  /** The plugin's file name in either folder. */
  file: string;
  /** The host's event (or API) that carries each moment; a moment it lacks is absent and named in `unmapped`. */
  moments: Readonly<Partial<Record<Moment, string>>>;
  /** Host events and moments with no counterpart, each with why: listed, never dropped silently. */
  unmapped: readonly (readonly [what: string, why: string])[];
  /** The host's built-in tools; a tool not listed (MCP, custom) goes to the hooks under its own name and arguments. */
  tools: Readonly<Record<string, HostTool>>;
  /** The adapter's source (src/hosts/<name>/plugin.js). */
  adapter: string;
}
