#!/usr/bin/env node
// The hook `hookrun record` installs (copied to <workspace>/.hookrun/capture.mjs): it saves the event
// payload from stdin to .hookrun/captures/<event>-<time>-<pid>.json beside itself, and prints nothing
// and exits 0, so it never changes what the agent decides (an empty answer contributes no output).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('error', () => {});
process.stdin.on('end', () => {
  try {
    const text = Buffer.concat(chunks).toString('utf8');
    let event = 'unknown';
    try {
      const payload = JSON.parse(text);
      if (payload && typeof payload.hook_event_name === 'string') event = payload.hook_event_name;
    } catch {
      // Not JSON: still saved, under "unknown".
    }
    const dir = join(dirname(fileURLToPath(import.meta.url)), 'captures');
    mkdirSync(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${event.replace(/[^\w-]/g, '_')}-${stamp}-${process.pid}.json`;
    const temp = join(dir, `.${name}.tmp`);
    writeFileSync(temp, text);
    renameSync(temp, join(dir, name));
  } catch {
    // Any output here would reach the agent as a message; a capture that cannot be saved is dropped.
  }
});
