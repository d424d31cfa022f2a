// Installs the pinned bridged hosts (hosts/*.mjs) into the agents' cache, ~/.cache/hookrun-agents/<pkg>@<ver>
// (HOOKRUN_AGENTS_CACHE overrides it), for the real-host tests; .ci/run runs it before npm test.
import { HOSTS, hostDir, loadDriver } from './run-host.mjs';

const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : HOSTS;
for (const name of wanted) {
  const driver = await loadDriver(name);
  process.stdout.write(`${driver.label}: ${driver.package}@${driver.version} … `);
  console.log(hostDir(driver));
}
