// Gemini CLI's check of a system settings or system defaults file, from 0.60.0 on (docs/sources.md §G10):
// the file is read only when it and every folder above it are owned by root (uid 0) and writable by
// neither group nor others. Otherwise Gemini CLI warns and uses nothing from the file.
//
// In Gemini CLI's order: a file that does not exist passes (there is nothing to read); then every folder
// above the file that is itself a symlink; then every folder from the file's own up to `/`; then the file;
// then, when the path goes through a symlink, the file's real path and every folder above it. A folder or
// file is checked as its stat shows it (following links), plus, for a symlink, the link's own owner (a
// link's mode means nothing). A path that vanished in between passes; any other failure to look fails.
// Windows checks owners and ACLs through PowerShell instead, which hookrun does not model.
import path from 'node:path';
import * as observed from '../../../files/journal.js';

/**
 * Why Gemini CLI would skip this file, in the order it checks; undefined when it reads the file (or there is
 * none), and on Windows, whose check hookrun does not make.
 */
export function systemFileProblem(file: string, platform: NodeJS.Platform): string | undefined {
  if (platform === 'win32') return undefined;
  const absolute = path.resolve(file);
  if (!observed.exists(absolute)) return undefined;
  let real = absolute;
  try {
    real = path.resolve(observed.realpath(absolute));
  } catch {
    // Gemini CLI goes on with the path as given.
  }
  const folders = foldersAbove(absolute);
  for (const folder of folders) {
    if (!isSymlink(folder)) continue;
    const problem = pathProblem(folder, 'folder');
    if (problem) return `the folder ${folder} is a symlink, and ${problem}`;
  }
  for (const folder of folders) {
    const problem = pathProblem(folder, 'folder');
    if (problem) return problem;
  }
  const own = pathProblem(absolute, 'file');
  if (own) return own;
  if (real === absolute) return undefined;
  const target = pathProblem(real, 'file');
  if (target) return `it resolves to ${real}, and ${target}`;
  for (const folder of foldersAbove(real)) {
    const problem = pathProblem(folder, 'folder');
    if (problem) return `it resolves to ${real}, and ${problem}`;
  }
  return undefined;
}

/** The file's folder and every folder above it, up to the root, nearest first. */
function foldersAbove(file: string): string[] {
  const folders: string[] = [];
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    folders.push(folder);
    if (path.dirname(folder) === folder) return folders;
  }
}

function isSymlink(target: string): boolean {
  try {
    return observed.lstatOf(target)?.isSymbolicLink() === true;
  } catch {
    return false;
  }
}

/** One path, as Gemini CLI checks it: what is wrong with it, or undefined. */
function pathProblem(target: string, kind: 'folder' | 'file'): string | undefined {
  let stat;
  try {
    stat = observed.statOf(target);
  } catch (error) {
    return `${target} cannot be checked (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
  if (!stat) return undefined;
  if (kind === 'folder' && !stat.isDirectory()) return `${target} is not a folder`;
  if (kind === 'file' && !stat.isFile()) return `${target} is not a regular file`;
  let link;
  try {
    link = observed.lstatOf(target);
  } catch {
    // Gemini CLI ignores a failed lstat once the stat worked.
  }
  if (link?.isSymbolicLink() && link.uid !== 0) return `the symlink ${target} is owned by uid ${link.uid}, not by root (uid 0)`;
  if (stat.uid !== 0) return `the ${kind} ${target} is owned by uid ${stat.uid}, not by root (uid 0)`;
  // S_IWGRP | S_IWOTH
  if ((stat.mode & 0o022) !== 0) {
    const who = (stat.mode & 0o022) === 0o022 ? 'group and others' : stat.mode & 0o020 ? 'its group' : 'others';
    return `the ${kind} ${target} is writable by ${who} (mode ${(stat.mode & 0o7777).toString(8).padStart(4, '0')})`;
  }
  return undefined;
}
