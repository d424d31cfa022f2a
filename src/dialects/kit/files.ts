// The loader kit's file checks: which of a dialect's candidate files or folders exist, for its loader and
// for detection (each dialect's configured.ts). Reads only what it is asked about.
import fs from 'node:fs';

/**
 * The first of these that exists. Not only files: a directory (or anything else) where a settings file
 * should be is a broken configuration, which validate and run must report, not an absent one.
 */
export function firstFile(files: readonly string[]): string | undefined {
  return files.find((file) => {
    try {
      fs.statSync(file);
      return true;
    } catch {
      return false;
    }
  });
}

/** The first of these folders with a `.json` file in it (Kiro's agent folders). */
export function firstFolderWithJson(folders: readonly string[]): string | undefined {
  return folders.find((folder) => {
    try {
      return fs.readdirSync(folder).some((entry) => entry.endsWith('.json'));
    } catch {
      return false;
    }
  });
}
