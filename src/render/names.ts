// The names of the renderers each command picks from, spelled once: the CLI's choices come from here, and
// each registry (reporters.ts, validate.ts) is keyed by them. Apart from the renderers so that defining
// the options loads no rendering code.
export const REPORTERS = ['text', 'json', 'junit', 'github'] as const;
export type ReporterName = (typeof REPORTERS)[number];

export const VALIDATE_FORMATS = ['text', 'json', 'github', 'sarif'] as const;
export type ValidateFormat = (typeof VALIDATE_FORMATS)[number];
