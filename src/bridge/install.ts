// Writing and removing a bridge plugin. The bridge only ever adds one file (and the folders it needs): it never
// edits a file of the user's, so removing it (the file, then each folder it created, while empty) leaves the
// tree as it was, byte for byte. A file in the way that the bridge did not write, or one edited since, is left
// as it is and the command says so (exit 1); --force removes an edited one.
import fs from 'node:fs';
import path from 'node:path';
import { readIfExists, writeFileAtomic } from '../files/atomic.js';
import { configError } from '../pipeline/errors.js';
import type { Host } from '../hosts/host.js';
import { type BridgeSettings, readMarker, renderPlugin } from './render.js';

export type BridgeChange =
  | { action: 'written' | 'updated' | 'unchanged'; file: string; created: number }
  | { action: 'removed'; file: string; folders: string[] }
  | { action: 'absent'; file: string };

/** How many of `folder` and its parents (up to `stop`, not included) do not exist yet. */
function missingFolders(folder: string, stop: string): number {
  let count = 0;
  for (let dir = folder; dir !== stop && dir !== path.dirname(dir) && !fs.existsSync(dir); dir = path.dirname(dir)) count += 1;
  return count;
}

function foreign(file: string, why: string): never {
  throw configError(`${file} ${why}; it is left as it is`);
}

/** Writes (or brings up to date) the plugin at `folder/host.file`; `base` is the project or home folder. */
export function writeBridge(host: Host, settings: BridgeSettings, folder: string, base: string, dryRun: boolean): BridgeChange {
  const file = path.join(folder, host.file);
  const existing = readIfExists(file);
  let created = missingFolders(folder, base);
  if (existing !== undefined) {
    const found = readMarker(existing);
    if (!found || found.marker.host !== host.name) foreign(file, `exists and was not written by \`hookrun bridge ${host.name}\``);
    if (!found.intact) foreign(file, 'was edited after `hookrun bridge` wrote it (remove it with --remove --force, or by hand, to write it again)');
    created = found.marker.created;
  }
  const text = renderPlugin(host, settings, created);
  if (existing === text) return { action: 'unchanged', file, created };
  if (!dryRun) writeFileAtomic(file, text, { makeParents: true, newFileMode: 0o644 });
  return { action: existing === undefined ? 'written' : 'updated', file, created };
}

/** Removes the plugin and the folders the bridge created for it, each only while empty. */
export function removeBridge(host: Host, folder: string, force: boolean, dryRun: boolean): BridgeChange {
  const file = path.join(folder, host.file);
  const existing = readIfExists(file);
  if (existing === undefined) return { action: 'absent', file };
  const found = readMarker(existing);
  if (!found || found.marker.host !== host.name) foreign(file, `was not written by \`hookrun bridge ${host.name}\``);
  if (!found.intact && !force) foreign(file, 'was edited after `hookrun bridge` wrote it (--force removes it all the same)');
  const folders: string[] = [];
  if (dryRun) return { action: 'removed', file, folders };
  fs.rmSync(file);
  for (let dir = folder, left = found.marker.created; left > 0; dir = path.dirname(dir), left -= 1) {
    try {
      fs.rmdirSync(dir);
    } catch {
      break; // not empty any more (the user put something there): it stays, and so do its parents
    }
    folders.push(dir);
  }
  return { action: 'removed', file, folders };
}
