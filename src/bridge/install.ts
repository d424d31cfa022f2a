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

/** How many of `folder` and its parents do not exist yet: the ones writing the plugin creates. */
function missingFolders(folder: string): number {
  let count = 0;
  for (let dir = folder; dir !== path.dirname(dir) && !fs.existsSync(dir); dir = path.dirname(dir)) count += 1;
  return count;
}

/** Whether `file` is a symbolic link whose target does not exist (reads see nothing; a write would follow it). */
const danglingLink = (file: string) => fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() === true && !fs.existsSync(file);

function foreign(file: string, why: string): never {
  throw configError(`${file} ${why}; it is left as it is`);
}

/** Writes (or brings up to date) the plugin at `folder/host.file`. */
export function writeBridge(host: Host, settings: BridgeSettings, folder: string, dryRun: boolean): BridgeChange {
  const file = path.join(folder, host.file);
  const existing = readIfExists(file);
  if (existing === undefined && danglingLink(file)) foreign(file, 'is a symbolic link to a file that does not exist (writing would create its target elsewhere)');
  let created = missingFolders(folder);
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
  if (dryRun) {
    // The folders that would be left empty: each holds only what is removed before it.
    for (let dir = folder, inside = path.basename(file), left = found.marker.created; left > 0; inside = path.basename(dir), dir = path.dirname(dir), left -= 1) {
      const names = fs.readdirSync(dir);
      if (names.length !== 1 || names[0] !== inside) break;
      folders.push(dir);
    }
    return { action: 'removed', file, folders };
  }
  try {
    fs.rmSync(file);
  } catch (error) {
    throw configError(`cannot remove ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
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
