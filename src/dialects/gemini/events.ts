// Gemini CLI's hook event names as its settings schema lists them. Apart from schema.ts so that the
// code reading settings on every run (merge, registry) does not load the documented zod schema.

/** Gemini CLI's hook events, in the order its schema lists them (the merged `hooks` key order). */
export const HOOK_EVENTS = [
  'BeforeTool',
  'AfterTool',
  'BeforeAgent',
  'AfterAgent',
  'Notification',
  'SessionStart',
  'SessionEnd',
  'PreCompress',
  'BeforeModel',
  'AfterModel',
  'BeforeToolSelection',
] as const;

export type HookEventName = (typeof HOOK_EVENTS)[number];

export function isHookEventName(name: string): name is HookEventName {
  return (HOOK_EVENTS as readonly string[]).includes(name);
}
