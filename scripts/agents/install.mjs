// Installs each pinned agent package (versions.json) from the npm registry into its own cache folder,
// ~/.cache/hookrun-agents/<pkg>@<ver> (HOOKRUN_AGENTS_CACHE overrides the parent), never into the
// project's dependencies. A folder whose install finished (a `.done` marker) is reused as is.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const versions = JSON.parse(readFileSync(new URL('./versions.json', import.meta.url), 'utf8'));

export function cacheRoot() {
  return process.env.HOOKRUN_AGENTS_CACHE ?? path.join(os.homedir(), '.cache', 'hookrun-agents');
}

export function agentDir(agent) {
  const { package: pkg, version } = versions[agent];
  return packageDir(pkg, version);
}

/** The cache folder of one package version (the agents', and the bridged hosts' in scripts/bridge/). */
export function packageDir(pkg, version) {
  return path.join(cacheRoot(), `${pkg.replace('/', '+')}@${version}`);
}

/** Installs one agent's package (idempotent); returns its folder, or throws with npm's output. */
export function install(agent) {
  const { package: pkg, version } = versions[agent];
  return installPackage(pkg, version);
}

/** Installs `pkg@version` into its cache folder (idempotent); returns the folder, or throws with npm's output. */
export function installPackage(pkg, version) {
  const dir = packageDir(pkg, version);
  if (existsSync(path.join(dir, '.done'))) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'hookrun-agent-cache', private: true }));
  // --ignore-scripts is not used: Claude Code's (and OpenCode's, Kilo's) postinstall puts its native binary in place.
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--save-exact', `${pkg}@${version}`], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (npm.status !== 0) throw new Error(`npm install ${pkg}@${version} failed (exit ${npm.status}):\n${npm.stderr}`);
  writeFileSync(path.join(dir, '.done'), `${pkg}@${version}\n`);
  return dir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(versions);
  for (const agent of wanted) {
    process.stdout.write(`${agent}: ${versions[agent].package}@${versions[agent].version} … `);
    try {
      console.log(install(agent));
    } catch (error) {
      console.log(`failed\n${error.message}`);
      process.exitCode = 1;
    }
  }
}
