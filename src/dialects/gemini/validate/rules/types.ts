import type { Location } from '../../../../pipeline/types.js';
import type { FindingCode } from '../codes.js';
import type { ValidationModel } from '../model.js';

/** Records one finding; its severity comes from the code (codes.ts). Loader codes arrive as plain strings. */
export type Report = (code: FindingCode | (string & {}), message: string, location: Location | undefined, fix?: string) => void;

/** A rule reads the model and reports what it finds. */
export type Rule = (model: ValidationModel, report: Report) => void;

/** Gemini checks `typeof x === 'object'` and truthiness: arrays pass too. */
export function isObjectLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The hooks array of a definition the registry accepted, else nothing to check. */
export function hooksOf(definition: unknown): unknown[] {
  return isObjectLike(definition) && Array.isArray(definition.hooks) ? definition.hooks : [];
}
