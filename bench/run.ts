/**
 * `npm run bench [-- --quick] [-- --million] [-- --only node,peers,sizes,cli,dedup,reposts,browser]`
 *
 * Runs the benchmark scenarios, merges their results into bench/results.json
 * (a section keeps the numbers of the last run that measured it, with its
 * date, mode and machine load) and renders bench/RESULTS.md from them.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { useDictionaryFile } from '../src/cli/dictionary-file';
import { REPO } from './lib/data';
import { load1, machineInfo } from './lib/env';
import { cpuCounters, stealPercent } from './lib/proc';
import { renderResults } from './report';

const SCENARIOS = ['node', 'peers', 'sizes', 'cli', 'dedup', 'reposts', 'browser'] as const;
type Scenario = (typeof SCENARIOS)[number];

export interface Section {
  ranAt: string;
  mode: 'quick' | 'full';
  seconds: number;
  load: { before: number; after: number };
  /** Percent of the cores' time the hypervisor gave elsewhere during the section (Linux only). */
  steal?: number;
  machine: ReturnType<typeof machineInfo>;
  data?: unknown;
  error?: string;
  /** Browser section: when each part (a key of `data`) was measured, since BENCH_PARTS re-measures only some. */
  parts?: Record<string, PartRun>;
}

/** The run that measured one part of a section. */
export interface PartRun {
  ranAt: string;
  mode: 'quick' | 'full';
  load: { before: number; after: number };
  steal?: number;
  commit: string;
}
export type Results = Partial<Record<Scenario, Section>>;

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyArg = args.find((a) => a.startsWith('--only'));
const onlyValue = onlyArg?.includes('=') ? onlyArg.split('=')[1] : onlyArg ? args[args.indexOf(onlyArg) + 1] : undefined;
const only = onlyValue ? (onlyValue.split(',') as Scenario[]) : [...SCENARIOS];
for (const s of only) if (!SCENARIOS.includes(s)) throw new Error(`unknown scenario ${s}; known: ${SCENARIOS.join(', ')}`);
const noWrite = args.includes('--no-write');
/** Also store 1,000,000 pages (hours with the current store layout: see RESULTS.md). */
const million = args.includes('--million');

const RESULTS_JSON = join(REPO, 'bench/results.json');
const RESULTS_MD = join(REPO, 'bench/RESULTS.md');

async function runScenario(name: Scenario): Promise<unknown> {
  switch (name) {
    case 'node':
      return (await import('./scenarios/fingerprint-node')).runFingerprintNode({ quick });
    case 'peers':
      return (await import('./scenarios/peers')).runPeers({ quick });
    case 'sizes':
      return (await import('./scenarios/sizes')).runSizes();
    case 'cli':
      return (await import('./scenarios/cli')).runCli({ quick });
    case 'dedup':
      return (await import('./scenarios/dedup')).runDedup({ quick });
    case 'reposts':
      return (await import('./scenarios/reposts')).runReposts({ quick });
    case 'browser':
      return (await import('./scenarios/browser/index')).runBrowser({ quick, million });
  }
}

// The Node scenarios sign Chinese in this process, with the dictionary file the CLI reads.
useDictionaryFile();
const results: Results = existsSync(RESULTS_JSON) ? (JSON.parse(readFileSync(RESULTS_JSON, 'utf8')) as Results) : {};
const machine = machineInfo();
const started = performance.now();
let failed = false;
for (const name of only) {
  const before = load1();
  const counters = cpuCounters();
  const t = performance.now();
  process.stdout.write(`bench: ${name} (${quick ? 'quick' : 'full'}), load ${before} … `);
  const section: Section = { ranAt: new Date().toISOString(), mode: quick ? 'quick' : 'full', seconds: 0, load: { before, after: 0 }, machine };
  try {
    section.data = await runScenario(name);
  } catch (error) {
    failed = true;
    section.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
    const partial = (error as { partial?: unknown }).partial;
    if (partial !== undefined) section.data = partial;
    console.error(`\n${name} failed: ${section.error}`);
  }
  section.seconds = Math.round((performance.now() - t) / 100) / 10;
  section.load.after = load1();
  const steal = stealPercent(counters, cpuCounters());
  if (steal !== undefined) section.steal = steal;
  if (name === 'browser' && section.data) {
    const run: PartRun = { ranAt: section.ranAt, mode: section.mode, load: section.load, ...(steal === undefined ? {} : { steal }), commit: machine.commit };
    const measured = Object.fromEntries(Object.keys(section.data as object).map((part) => [part, run]));
    // BENCH_PARTS re-measures some parts of the browser section: keep the others, each with the run that measured it.
    const previous = results[name];
    if (process.env.BENCH_PARTS && previous?.data) {
      section.data = { ...(previous.data as object), ...(section.data as object) };
      section.parts = { ...previous.parts, ...measured };
    } else {
      section.parts = measured;
    }
  }
  console.log(`${section.seconds} s, load ${section.load.after}${steal === undefined ? '' : `, steal ${steal}%`}`);
  results[name] = section;
}
if (!noWrite) {
  writeFileSync(RESULTS_JSON, JSON.stringify(results, null, 2) + '\n');
  writeFileSync(RESULTS_MD, renderResults(results));
  console.log(`bench: wrote bench/RESULTS.md and bench/results.json in ${Math.round((performance.now() - started) / 1000)} s`);
} else {
  console.log(renderResults(results));
}
process.exit(failed ? 1 : 0);
