// `hookrun record` / `hookrun record --stop`: install a capture hook into the workspace settings and
// take it out again (which file, which events and what the agent makes of the hook: the default
// dialect's Dialect.capture). The file is restored byte for byte when nobody touched it since; when it
// was edited meanwhile, only hookrun's entries are removed, and when even that cannot be done safely
// (the file no longer parses) nothing is written and the state is kept for another try.
import { copyFile, mkdir, readdir, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from '../../pipeline/context.js';
import type { CaptureTarget } from '../../dialects/dialect.js';
import { getDialect } from '../../dialects/index.js';
import { configError, HookrunError, usageError } from '../../pipeline/errors.js';
import type { IO } from '../io.js';
import { decodeEditable } from '../../files/editable.js';
import { writeFileAtomic } from '../../files/atomic.js';
import { withSettingsLock } from '../../files/lock.js';
import { CAPTURE_DIR, CAPTURE_SCRIPT, hasCaptureHooks, installCaptureHooks, type JsonPath, RECORD_STATE, removeCaptureHooks } from '../../testing/record-install.js';
import { parseJsoncObject } from '../../files/jsonc.js';
import { readInputFile, readInputFileAsync } from '../../files/read-input.js';
import { parseJsonBounded } from '../../files/json-depth.js';

export interface RecordOptions {
  events?: string[];
  stop?: boolean;
  json?: boolean;
}

/** What `record` remembers so that `--stop` can undo exactly what it did. */
interface RecordState {
  version: 1;
  startedAt: string;
  settingsFile: string;
  /** The file's text before `record` (null: it did not exist). */
  original: string | null;
  /** The same, as the exact bytes (base64), which `--stop` restores; absent in states from older versions. */
  originalBytes?: string | null;
  mode: number | null;
  /** The bytes `record` wrote: equal at --stop means nobody edited the file since. */
  installed: string;
  created: JsonPath[];
  createdSettingsDir: boolean;
  events: string[];
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readInputFileAsync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function readBytesIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return readInputFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw configError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

/** The bytes to restore: the saved bytes, or (state from an older hookrun) the saved text. */
function originalBytes(state: RecordState): Buffer | undefined {
  if (typeof state.originalBytes === 'string') return Buffer.from(state.originalBytes, 'base64');
  return state.original === null ? undefined : Buffer.from(state.original, 'utf8');
}

/** The settings lock when the file's directory exists (the lock file lives there); else nothing to lock. */
async function lockedWhereDirExists<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const dirExists = await stat(path.dirname(file)).then(
    (s) => s.isDirectory(),
    () => false,
  );
  return dirExists ? withSettingsLock(file, fn) : fn();
}

/** A failed write as the user should see it: `cannot write <file>: <reason>` (exit 1), not a stack trace. */
function asWriteError(error: unknown, file: string): HookrunError {
  if (error instanceof HookrunError) return error;
  return configError(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
}

/** The shipped capture script: bin/ beside dist/ (bundled) or beside src/ (tests from source). */
async function captureScriptSource(): Promise<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, '..', 'bin'), path.join(here, '..', '..', 'bin')]) {
    const file = path.join(candidate, 'hookrun-capture.mjs');
    if (
      await stat(file).then(
        () => true,
        () => false,
      )
    )
      return file;
  }
  throw new HookrunError('internal', 'the capture script bin/hookrun-capture.mjs is missing from the hookrun installation');
}

function parseEvents(events: string[] | undefined, known: readonly string[]): string[] {
  if (!events || events.length === 0) return [...known];
  const names = [
    ...new Set(
      events
        .flatMap((e) => e.split(','))
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
  // `--events ''` (or `,`) names no event: recording nothing is a mistake, not a request.
  if (names.length === 0) throw usageError(`--events names no event. Events: ${known.join(', ')}`);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) throw usageError(`unknown event(s) for --events: ${unknown.join(', ')}. Events: ${known.join(', ')}`);
  return names;
}

export async function recordCommand(options: RecordOptions, ctx: Context, io: IO): Promise<number> {
  // `record` has no --dialect: the capture hook goes into the default dialect's settings.
  const dialect = await getDialect();
  const capture = await dialect.capture?.();
  if (!capture) throw new HookrunError('internal', `the ${dialect.name} dialect has no capture hook`);
  return options.stop ? stopRecording(capture, options, ctx, io) : startRecording(capture, options, ctx, io);
}

async function startRecording(capture: CaptureTarget, options: RecordOptions, ctx: Context, io: IO): Promise<number> {
  const events = parseEvents(options.events, capture.events);
  const statePath = path.join(ctx.cwd, RECORD_STATE);
  const existingState = await readIfExists(statePath);
  if (existingState !== undefined) {
    throw usageError(`already recording in ${ctx.cwd} (state in ${RECORD_STATE}); stop first with \`hookrun record --stop\``);
  }
  const settingsFile = capture.settingsFile(ctx);
  const settingsDir = path.dirname(settingsFile);
  const createdSettingsDir = !(await stat(settingsDir).then(
    (s) => s.isDirectory(),
    () => false,
  ));
  const hookrunDirExisted = await stat(path.join(ctx.cwd, '.hookrun')).then(
    () => true,
    () => false,
  );
  const captureDirExisted = await stat(path.join(ctx.cwd, CAPTURE_DIR)).then(
    () => true,
    () => false,
  );
  try {
    await mkdir(settingsDir, { recursive: true });
    await mkdir(path.join(ctx.cwd, CAPTURE_DIR), { recursive: true });
    await copyFile(await captureScriptSource(), path.join(ctx.cwd, CAPTURE_SCRIPT));
    // Read, change and write under the settings lock (the one `hookrun disable` takes), so a concurrent
    // edit is either already in what we read or waits for our write: none is lost.
    await withSettingsLock(settingsFile, async () => {
      const bytes = await readBytesIfExists(settingsFile);
      // Not UTF-8: refused before anything is written (decoding would replace the bad bytes).
      const original = bytes === undefined ? undefined : decodeEditable(bytes, settingsFile);
      const mode = original === undefined ? null : (await stat(settingsFile)).mode & 0o7777;
      const installed = installCaptureHooks(original, settingsFile, events);
      const state: RecordState = {
        version: 1,
        startedAt: ctx.now().toISOString(),
        settingsFile,
        original: original ?? null,
        originalBytes: bytes === undefined ? null : bytes.toString('base64'),
        mode,
        installed: installed.text,
        created: installed.created,
        createdSettingsDir,
        events,
      };
      // The state goes first: if the process dies before the settings are written, --stop still
      // knows what to undo. If the settings write fails, the state goes again (nothing to undo).
      writeFileAtomic(statePath, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
      try {
        writeFileAtomic(settingsFile, installed.text, { mode: mode ?? undefined });
      } catch (error) {
        await rm(statePath, { force: true });
        throw error;
      }
    });
  } catch (error) {
    // Nothing was installed: take back what this run created, so no stale state says "recording".
    await rm(statePath, { force: true }).catch(() => undefined);
    await rm(path.join(ctx.cwd, CAPTURE_SCRIPT), { force: true }).catch(() => undefined);
    if (!captureDirExisted) await removeIfEmptyDir(path.join(ctx.cwd, CAPTURE_DIR));
    if (!hookrunDirExisted) await removeIfEmptyDir(path.join(ctx.cwd, '.hookrun'));
    if (createdSettingsDir) await removeIfEmptyDir(settingsDir);
    throw asWriteError(error, settingsFile);
  }

  const notes = await capture.notes(ctx);
  try {
    await capture.trust(ctx);
  } catch (error) {
    notes.push(
      `the capture hook's fingerprint could not be recorded (${(error as Error).message}): run \`hookrun trust --hooks\` before using the agent, or hookrun's run holds it back`,
    );
  }
  const relSettings = path.relative(ctx.cwd, settingsFile);
  if (options.json) {
    io.stdout(`${JSON.stringify({ recording: true, settingsFile, events, captureDir: path.join(ctx.cwd, CAPTURE_DIR), notes }, null, 2)}\n`);
  } else {
    io.stdout(
      `hookrun: recording ${events.length === capture.events.length ? 'every event' : events.join(', ')}: capture hook added to ${relSettings}; ` +
        `payloads go to ${CAPTURE_DIR}/\n` +
        'Use the agent in this folder, then run `hookrun record --stop` (restores the settings file) and ' +
        '`hookrun test --from-captures -o recorded.hooktest.yaml`.\n',
    );
    for (const note of notes) io.stderr(`hookrun: note: ${note}\n`);
  }
  return 0;
}

async function removeIfEmptyDir(dir: string): Promise<void> {
  try {
    if ((await readdir(dir)).length === 0) await rmdir(dir);
  } catch {
    // Not there or not empty: leave it.
  }
}

async function captureCount(ctx: Context): Promise<number> {
  try {
    return (await readdir(path.join(ctx.cwd, CAPTURE_DIR))).filter((n) => n.endsWith('.json')).length;
  } catch {
    return 0;
  }
}

async function stopRecording(capture: CaptureTarget, options: RecordOptions, ctx: Context, io: IO): Promise<number> {
  const statePath = path.join(ctx.cwd, RECORD_STATE);
  const stateText = await readIfExists(statePath);
  const settingsFile = capture.settingsFile(ctx);
  const relSettings = path.relative(ctx.cwd, settingsFile);
  let state: RecordState | undefined;
  if (stateText !== undefined) {
    try {
      state = parseJsonBounded(stateText) as RecordState;
    } catch {
      throw configError(`${statePath} is damaged (not JSON); remove the entries named "hookrun-capture" from ${relSettings} by hand, then delete it`);
    }
  }
  const target = state?.settingsFile ?? settingsFile;
  let result = '';
  let removedFile = false;
  // The whole read-compare-write runs under the settings lock, like every other settings edit.
  await lockedWhereDirExists(target, async () => {
    const currentBytes = await readBytesIfExists(target);
    if (!state) {
      const current = currentBytes === undefined ? undefined : decodeEditable(currentBytes, target);
      if (current === undefined || !hasCaptureHooks(current)) {
        throw usageError(`hookrun is not recording in ${ctx.cwd} (no ${RECORD_STATE}, and ${relSettings} has no capture hook)`);
      }
      result = await surgicalRemoval(settingsFile, current, [], ctx);
    } else if (currentBytes === undefined) {
      result = `${relSettings} was deleted since \`hookrun record\`; nothing to remove`;
      if (state.original !== null) {
        const backup = path.join(ctx.cwd, '.hookrun', 'settings.before-record.json');
        writeFileAtomic(backup, originalBytes(state)!, { mode: state.mode ?? undefined });
        result += `; its content from before recording is saved in ${path.relative(ctx.cwd, backup)}`;
      }
    } else if (currentBytes.equals(Buffer.from(state.installed, 'utf8'))) {
      if (state.original === null) {
        await rm(state.settingsFile);
        removedFile = true;
        result = `removed ${relSettings} (hookrun had created it)`;
      } else {
        // The original bytes, not re-encoded text: byte for byte what was there.
        writeFileAtomic(state.settingsFile, originalBytes(state)!, { mode: state.mode ?? undefined });
        result = `restored ${relSettings} exactly as it was before recording`;
      }
    } else {
      const current = decodeEditable(currentBytes, target);
      result = await surgicalRemoval(state.settingsFile, current, state.created, ctx, state.original === null);
      removedFile = !(await stat(state.settingsFile).then(
        () => true,
        () => false,
      ));
    }
  }).catch((error: unknown) => {
    throw asWriteError(error, target);
  });
  // After the lock is gone (its file sits in that directory).
  if (removedFile && state?.createdSettingsDir) await removeIfEmptyDir(path.dirname(state.settingsFile));

  await rm(path.join(ctx.cwd, CAPTURE_SCRIPT), { force: true });
  await rm(statePath, { force: true });
  const count = await captureCount(ctx);
  if (options.json) {
    io.stdout(`${JSON.stringify({ recording: false, settingsFile, result, captures: count, captureDir: path.join(ctx.cwd, CAPTURE_DIR) }, null, 2)}\n`);
  } else {
    io.stdout(`hookrun: stopped recording: ${result}\n`);
    io.stdout(
      count > 0
        ? `hookrun: ${count} capture(s) in ${CAPTURE_DIR}/; turn them into fixtures: hookrun test --from-captures -o recorded.hooktest.yaml\n`
        : `hookrun: no event was captured in ${CAPTURE_DIR}/\n`,
    );
  }
  return 0;
}

/** The file changed since `record`: take out only hookrun's entries, or refuse without writing. */
async function surgicalRemoval(file: string, current: string, created: JsonPath[], ctx: Context, hookrunCreatedFile = false): Promise<string> {
  const rel = path.relative(ctx.cwd, file);
  let removal;
  try {
    removal = removeCaptureHooks(current, file, created);
  } catch (error) {
    const where = error instanceof HookrunError ? error.message : String(error);
    throw configError(
      `${rel} was edited since \`hookrun record\` and no longer parses (${where}); nothing was changed. ` +
        'Fix the file and run `hookrun record --stop` again, or remove the entries named "hookrun-capture" by hand.',
    );
  }
  if (removal.removed === 0) return `${rel} was edited since \`hookrun record\` and has no capture hook left; left as it is`;
  const mode = (await stat(file)).mode & 0o7777;
  const empty = hookrunCreatedFile && Object.keys(parseJsoncObject(removal.text, file, '').value).length === 0;
  if (empty) {
    await rm(file);
    return `removed ${rel} (hookrun had created it; nothing else was left in it)`;
  }
  writeFileAtomic(file, removal.text, { mode });
  return `${rel} was edited since \`hookrun record\`: removed only hookrun's ${removal.removed} capture entr${removal.removed === 1 ? 'y' : 'ies'} and kept your edits`;
}
