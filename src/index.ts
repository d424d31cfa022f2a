// The library, for agents written in Node: `import { runEvent, planEvent, createSession } from 'hookrun'`.
// The third edge over the pipeline, beside `hookrun run` and `hookrun serve`: each call answers what
// `hookrun run` prints and exits with for the same event, settings and options (src/serve/session.ts).
import { Session, type EventRequest, type EventAnswer, type SessionDefaults } from './serve/session.js';
import type { PlanDescription } from './pipeline/describe.js';

export type { AnswerNews, EventAnswer, EventRequest, RequestOptions, SessionDefaults } from './serve/session.js';
export type { Session } from './serve/session.js';
export type { PlanDescription, HookDescription, SkippedDescription } from './pipeline/describe.js';
export type { RunReport, HookResultReport, FailClosedReport } from './render/report.js';
export type { NotRunHook, NotRunWhy, Verdict } from './pipeline/verdict.js';
export type { Diagnostic, JsonObject, Location, Outcome } from './pipeline/types.js';
export type { HookrunError, ErrorKind } from './pipeline/errors.js';

/**
 * A session: the defaults (`dialect`, `cwd`, `env`, `failClosed`, …) every request starts from, as
 * `hookrun serve`'s command line gives them. Settings, trust and `.env` files are read afresh by every
 * request, so an edit is seen by the next one. `stop()` stops every running hook; `idle()` waits for
 * the requests under way.
 */
export function createSession(defaults: SessionDefaults = {}): Session {
  return new Session(defaults);
}

/** One event, answered as `hookrun run` answers it: `{ exitCode, outcome, output, verdict }` (and `report` with `options.report`). */
export function runEvent(request: EventRequest, defaults: SessionDefaults = {}): Promise<EventAnswer> {
  return new Session(defaults).run(request);
}

/** The plan `hookrun run --dry-run` prints for this event; starts no process. */
export function planEvent(request: EventRequest, defaults: SessionDefaults = {}): Promise<PlanDescription> {
  return new Session(defaults).plan(request);
}
