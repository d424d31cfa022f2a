// Gemini CLI's `hooks` object as migrate writes it (the shape write.ts merges; other agents' shapes are
// built by their writers from the same entries).

export interface GeminiHookConfig {
  type: 'command';
  command: string;
  /** Milliseconds. */
  timeout?: number;
  description?: string;
}

export interface GeminiDefinition {
  matcher?: string;
  hooks: GeminiHookConfig[];
}

export type GeminiHooks = Record<string, GeminiDefinition[]>;
