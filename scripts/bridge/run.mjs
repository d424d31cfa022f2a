// `npm run test:hosts`: every bridge scenario (scenarios.mjs) in every real host (hosts/*.mjs, pinned, installed
// into the agents' cache on first use), offline against the fake model, and the table docs/bridge.md shows.
// Usage: node scripts/bridge/run.mjs [host…] [--scenario NAME] [--keep] [--json FILE]
import { writeFileSync } from 'node:fs';
import { HOSTS, hostDir, loadDriver, reexecIsolated, runScenario } from './run-host.mjs';
import { SCENARIOS } from './scenarios.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const keep = args.includes('--keep');
const json = option('--json');
const only = option('--scenario');
const hosts = args.filter((a) => !a.startsWith('--'));

const names = hosts.length > 0 ? hosts : HOSTS;
for (const name of names) hostDir(await loadDriver(name)); // installed outside the namespace (the registry is needed)
const status = reexecIsolated();
if (status !== undefined) process.exit(status);

const results = [];
for (const name of names) {
  const driver = await loadDriver(name);
  const dir = hostDir(driver);
  for (const scenario of SCENARIOS.filter((s) => !only || s.name === only)) {
    const result = await runScenario(driver, dir, scenario, { keep });
    results.push({ ...result, version: driver.version, label: driver.label });
    console.log(`${result.pass ? 'pass' : 'FAIL'}  ${driver.label} ${driver.version}  ${scenario.name}  (${result.run.ms} ms)`);
    for (const [what, ok] of result.checks) if (!ok) console.log(`      not: ${what}`);
    if (!result.pass) console.log(`      exit ${result.run.exitCode}; stderr: ${result.run.stderr.slice(-600)}${keep ? `\n      kept: ${result.root}` : ''}`);
  }
}
if (json)
  writeFileSync(
    json,
    `${JSON.stringify(
      results.map(({ run, ...r }) => ({ ...r, exitCode: run.exitCode, ms: run.ms })),
      null,
      2,
    )}\n`,
  );
process.exitCode = results.every((r) => r.pass) ? 0 : 1;
