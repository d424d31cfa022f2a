// The agent tier: runs each scenario through the real, pinned agent binaries (offline, in a network namespace
// whose only interface is loopback, against a fake model) and through `hookrun run`, and prints where they
// agree. `npm run test:agents [-- --agent NAME]... [--only ID] [--update] [--jobs N]`; docs/conformance.md.
//
// Outside the namespace it installs the agents (network needed), then re-runs itself under `unshare -n`;
// inside it brings `lo` up, proves that nothing else is reachable, and runs everything there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { agentDir, cacheRoot, install, versions } from './install.mjs';
import { allScenarios } from './scenarios.mjs';
import { runAgent } from './run-agent.mjs';
import { deriveCase, lastToolResult } from './derive.mjs';
import { replayCase } from './replay.mjs';
import auggie from './agents/auggie.mjs';
import claude from './agents/claude.mjs';
import codex from './agents/codex.mjs';
import copilot from './agents/copilot.mjs';
import droid from './agents/droid.mjs';
import gemini from './agents/gemini.mjs';

const AGENTS = { claude, codex, copilot, gemini, droid, auggie };
const CORPUS = path.resolve(import.meta.dirname, '../../test/conformance/tier-cases.json');

const { values: opts } = parseArgs({
  options: {
    agent: { type: 'string', multiple: true },
    only: { type: 'string', multiple: true },
    update: { type: 'boolean', default: false },
    jobs: { type: 'string', default: '2' },
    inside: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    rederive: { type: 'boolean', default: false },
    table: { type: 'boolean', default: false },
  },
});
const wanted = (opts.agent ?? Object.keys(AGENTS)).flatMap((a) => a.split(','));
for (const name of wanted) if (!AGENTS[name]) throw new Error(`unknown agent ${name}; one of ${Object.keys(AGENTS).join(', ')}`);

/** Why a network namespace cannot be made here, or undefined when it can. */
function namespaceProblem() {
  const probe = spawnSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up'], { encoding: 'utf8' });
  if (probe.error) return `unshare could not start (${probe.error.message})`;
  if (probe.status !== 0) return `\`unshare -n\` then \`ip link set lo up\` failed (exit ${probe.status}): ${probe.stderr.trim()}`;
  return undefined;
}

// What each agent did is kept (<cache>/runs/<agent>/<scenario>.json), so `--rederive` can turn the recorded
// observations into cases again after a change to the mapping, without running the agents.
const runFile = (agent, scenario) => path.join(cacheRoot(), 'runs', agent, `${scenario.id}.json`);

async function saveRun(agent, scenario, run) {
  await mkdir(path.dirname(runFile(agent, scenario)), { recursive: true });
  await writeFile(runFile(agent, scenario), JSON.stringify({ ...run, fired: [...run.fired] }));
}

async function loadRun(agent, scenario) {
  const file = runFile(agent, scenario);
  if (!existsSync(file)) throw new Error(`no recorded run (${file}); run the tier without --rederive first`);
  const run = JSON.parse(await readFile(file, 'utf8'));
  return { ...run, fired: new Set(run.fired) };
}

async function outside() {
  if (opts.rederive) return inside();
  const problem = namespaceProblem();
  if (problem) {
    console.error(`agent tier: ${problem}.\nThe tier runs agents only in a network namespace with loopback alone (root, or user namespaces, and iproute2). Nothing was run.`);
    return 1;
  }
  for (const name of wanted) {
    if (!AGENTS[name].runnable) continue;
    process.stdout.write(`install ${versions[name].package}@${versions[name].version} … `);
    try {
      console.log(install(name));
    } catch (error) {
      // One agent that cannot be installed does not stop the others; inside, it is reported as not run.
      console.log(`failed: ${error.message}`);
    }
  }
  const args = process.argv.slice(2).concat('--inside');
  const inner = spawnSync('unshare', ['-n', process.execPath, process.argv[1], ...args], { stdio: 'inherit' });
  return inner.status ?? 1;
}

/** Inside the namespace: lo up, and a connection to an outside address must fail. */
function isolate() {
  const up = spawnSync('ip', ['link', 'set', 'lo', 'up'], { encoding: 'utf8' });
  if (up.status !== 0) throw new Error(`ip link set lo up: ${up.stderr}`);
  const links = spawnSync('ip', ['-o', 'link'], { encoding: 'utf8' }).stdout.trim().split('\n');
  if (links.length !== 1 || !links[0].includes(': lo:')) throw new Error(`not isolated: ${links.join('; ')}`);
  console.log(`network namespace: interfaces ${links.map((l) => l.split(':')[1].trim()).join(', ')}`);
}

async function pool(items, jobs, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

async function inside() {
  if (!opts.rederive) isolate();
  const scenarios = allScenarios().filter((s) => !opts.only || opts.only.some((o) => s.id === o || s.id.startsWith(o)));
  const jobs = Number(opts.jobs);
  const outcomes = [];
  for (const name of wanted) {
    const agent = AGENTS[name];
    const version = versions[name].version;
    if (!agent.runnable) {
      console.log(`\n${name} ${version}: not run: ${agent.notRunnable}`);
      outcomes.push({ agent: name, version, notRun: agent.notRunnable });
      continue;
    }
    const dir = agentDir(name);
    if (!opts.rederive && !existsSync(agent.bin(dir))) {
      const why = `not installed: ${agent.bin(dir)} is missing (see the install step's message)`;
      console.log(`\n${name} ${version}: not run: ${why}`);
      outcomes.push({ agent: name, version, notRun: why });
      continue;
    }
    console.log(`\n${name} ${version} (${scenarios.length} scenarios, ${jobs} at a time)`);
    const rows = await pool(scenarios, jobs, async (scenario) => {
      const skip = agent.skip?.(scenario);
      if (skip) return { agent: name, scenario, status: 'skipped', why: skip };
      let run;
      try {
        run = opts.rederive ? await loadRun(name, scenario) : await runAgent(agent, dir, scenario);
        if (!opts.rederive) await saveRun(name, scenario, run);
      } catch (error) {
        console.log(`  ! ${scenario.id.padEnd(28)} error: ${error.message}`);
        return { agent: name, scenario, status: 'error', why: error.message };
      }
      const derived = deriveCase(agent, version, scenario, run);
      const row = { agent: name, version, scenario, run };
      if (derived.skip) Object.assign(row, { status: 'no case', why: derived.skip });
      else {
        const replay = await replayCase(derived.case);
        Object.assign(row, { status: replay.agrees ? 'agree' : 'disagree', case: derived.case, replay });
      }
      if (scenario.observe) row.observedText = run.observed;
      const mark = { agree: '=', disagree: 'x', 'no case': '-', skipped: 's' }[row.status];
      console.log(
        `  ${mark} ${scenario.id.padEnd(28)} ${row.status}${row.replay && !row.replay.agrees ? `: ${row.replay.mismatches.join('; ')}` : row.why ? `: ${row.why}` : ''} (${run.ms} ms)`,
      );
      if (opts.verbose && row.case) console.log(`      ${row.case.about}`);
      if (!opts.verbose && !opts.rederive) await rm(run.root, { recursive: true, force: true });
      return row;
    });
    outcomes.push(...rows);
  }
  printTable(outcomes);
  const proof = outcomes.find((o) => o.scenario?.id === 'isolation-curl' && o.observedText !== undefined);
  if (proof) console.log(`\nisolation (${proof.agent}): the model's \`curl http://1.1.1.1/\` in the agent's shell gave:\n${proof.observedText.trim()}`);
  await saveResults(outcomes);
  if (opts.update) await updateCorpus(outcomes);
  return 0;
}

function printTable(outcomes) {
  const classes = [...new Set(outcomes.filter((o) => o.scenario).map((o) => o.scenario.class))];
  const cell = (rows) => {
    const agree = rows.filter((r) => r.status === 'agree').length;
    const disagree = rows.filter((r) => r.status === 'disagree').length;
    return rows.length === 0 ? '' : `${agree}/${agree + disagree}`;
  };
  console.log('\nagree/compared per agent and class (scenarios without a case or skipped are not compared)\n');
  console.log(`| agent | ${classes.join(' | ')} | total | disagree | no case or error | skipped |`);
  console.log(`|---|${classes.map(() => '---').join('|')}|---|---|---|---|`);
  for (const name of wanted) {
    const mine = outcomes.filter((o) => o.agent === name);
    const first = mine[0];
    if (!first) continue;
    if (first.notRun) {
      console.log(`| ${name} ${first.version} | not run: ${first.notRun} |`);
      continue;
    }
    const count = (s) => mine.filter((o) => o.status === s).length;
    console.log(
      `| ${name} ${versions[name].version} | ${classes.map((c) => cell(mine.filter((o) => o.scenario.class === c))).join(' | ')} | ${cell(mine)} | ${count('disagree')} | ${count('no case') + count('error')} | ${count('skipped')} |`,
    );
  }
}

/** Per hook call (`w.0`, `h1.0`, …): the cwd it ran in and the names of the variables in its environment. */
function hookLogs(run) {
  const calls = {};
  for (const [file, text] of Object.entries(run.logs)) {
    const [call, kind] = [file.slice(0, file.lastIndexOf('.')), file.slice(file.lastIndexOf('.') + 1)];
    calls[call] ??= {};
    if (kind === 'cwd') calls[call].cwd = text.trim().replaceAll(run.root, '@ROOT@');
    if (kind === 'env')
      calls[call].env = text
        .split('\n')
        .map((l) => l.split('=')[0])
        .filter((n) => /^[A-Z_][A-Z0-9_]*$/.test(n))
        .sort();
  }
  return calls;
}

/** Every run's outcome, for reading afterwards: <cache>/results/<agent>.json (outside the repository). */
async function saveResults(outcomes) {
  const dir = path.join(cacheRoot(), 'results');
  await mkdir(dir, { recursive: true });
  for (const name of wanted) {
    const rows = outcomes
      .filter((o) => o.agent === name && o.scenario)
      .map((o) => ({
        id: o.scenario.id,
        status: o.status,
        why: o.why,
        about: o.case?.about,
        mismatches: o.replay?.mismatches,
        hookrun: o.replay ? { exit: o.replay.exitCode, stdout: o.replay.stdout, stderr: o.replay.stderr } : undefined,
        agent: o.run
          ? {
              exit: o.run.exitCode,
              ms: o.run.ms,
              stdout: o.run.stdout.slice(-4000),
              stderr: o.run.stderr.slice(-4000),
              order: o.run.order,
              hooks: hookLogs(o.run),
              lastToolResult: lastToolResult(o.run.scripted.at(-1)),
            }
          : undefined,
        observed: o.observedText,
      }));
    await writeFile(path.join(dir, `${name}.json`), `${JSON.stringify(rows, null, 1)}\n`);
  }
  console.log(`\nper-scenario results: ${dir}/<agent>.json`);
}

/**
 * Writes the derived cases into the committed corpus: the cases of the scenarios just run are replaced, the
 * others kept. A case hookrun disagrees with keeps the agent's expectation and says so (`hookrunDisagrees`).
 */
async function updateCorpus(outcomes) {
  const old = existsSync(CORPUS) ? JSON.parse(await readFile(CORPUS, 'utf8')) : [];
  const fresh = outcomes.filter((o) => o.case);
  const ids = new Set(fresh.map((o) => o.case.id));
  const kept = old.filter((c) => !ids.has(c.id));
  const cases = [
    ...kept,
    ...fresh.map((o) => ({
      ...o.case,
      agent: `${versions[o.agent].package}@${o.version}`,
      ...(o.replay.agrees ? {} : { hookrunDisagrees: o.replay.mismatches }),
    })),
  ].sort((a, b) => a.id.localeCompare(b.id));
  await writeFile(CORPUS, `${JSON.stringify(cases, null, 1)}\n`);
  console.log(`corpus: ${path.relative(process.cwd(), CORPUS)}: ${cases.length} cases (${fresh.length} from this run)`);
}

/** The table of the committed corpus: a case agrees unless it carries `hookrunDisagrees`. */
async function corpusTable() {
  const cases = JSON.parse(await readFile(CORPUS, 'utf8'));
  const outcomes = cases.map((c) => {
    const agent = c.id.split('-')[1];
    return { agent, version: versions[agent].version, scenario: { class: c.class }, status: c.hookrunDisagrees ? 'disagree' : 'agree' };
  });
  console.log(`${path.relative(process.cwd(), CORPUS)}: ${cases.length} cases`);
  printTable(outcomes.filter((o) => wanted.includes(o.agent)));
  return 0;
}

process.exitCode = opts.table ? await corpusTable() : opts.inside ? await inside() : await outside();
