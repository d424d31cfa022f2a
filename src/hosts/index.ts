// The registry of bridged hosts (agents with plugins and no shell hooks): `hookrun bridge` and docs/bridge.md
// derive from it. A new host is one folder (host.ts, plugin.js) and one line here.
import type { Host } from './host.js';

export const HOST_NAMES = ['opencode', 'pi', 'kilo'] as const;
export type HostName = (typeof HOST_NAMES)[number];

const LOADERS: Record<HostName, () => Promise<Host>> = {
  opencode: async () => (await import('./opencode/host.js')).opencode,
  pi: async () => (await import('./pi/host.js')).pi,
  kilo: async () => (await import('./kilo/host.js')).kilo,
};

export const isHostName = (name: string): name is HostName => (HOST_NAMES as readonly string[]).includes(name);

export const loadHost = (name: HostName): Promise<Host> => LOADERS[name]();
