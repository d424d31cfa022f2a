// The types of the bridge's runtime (client.js, plain JavaScript because it is written out as a host's plugin).
export interface BridgeConfig {
  host: string;
  label: string;
  hookrun: readonly string[];
  serveArgs: readonly string[];
  failClosed: boolean;
  events: Readonly<Record<string, string>>;
  tools: Readonly<Record<string, { name: string; args?: Readonly<Record<string, string | { key: string; scale: number }>> }>>;
}

export interface Bridge {
  toolBefore(call: { sessionId?: string; tool: string; args?: Record<string, unknown> }): Promise<{ block?: string; ask?: true; args?: Record<string, unknown> }>;
  toolAfter(call: { sessionId?: string; tool: string; args?: Record<string, unknown>; output?: unknown }): Promise<{ context?: string }>;
  sessionStart(call: { sessionId?: string; source?: string }): Promise<{ context?: string }>;
  promptSubmit(call: { sessionId?: string; prompt?: string }): Promise<{ block?: string; context?: string }>;
  sessionEnd(call: { sessionId?: string; reason?: string }): Promise<void>;
  stopAll(): void;
}

export const CONFIG: BridgeConfig;
export function startBridge(config: BridgeConfig, host: { notify(message: string, level: 'info' | 'warning' | 'error'): void; cwd: string }): Bridge;
