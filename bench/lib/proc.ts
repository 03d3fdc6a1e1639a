/**
 * Readings from Linux's /proc the bench reports beside its timings: how much
 * CPU time the hypervisor took from this virtual machine (steal), and the CPU
 * time of Chromium's extension process. Elsewhere both are undefined.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Jiffies per second of /proc's CPU counters (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

export interface CpuCounters {
  steal: number;
  total: number;
}

/** The machine's cumulative CPU counters (all cores), or undefined without /proc/stat. */
export function cpuCounters(): CpuCounters | undefined {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
    // user nice system idle iowait irq softirq steal
    return { steal: fields[7] ?? 0, total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return undefined;
  }
}

/**
 * Share of the cores' time between two readings that the hypervisor gave to
 * other machines (steal), in percent: on a shared host a run can lose a fifth
 * of its CPU this way, which no load average shows.
 */
export function stealPercent(before: CpuCounters | undefined, after: CpuCounters | undefined): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  return Math.round((1000 * (after.steal - before.steal)) / (after.total - before.total)) / 10;
}

function readProc(pid: string, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/** CPU time (user + system, ms) from /proc/<pid>/stat; the command name may hold spaces and parentheses. */
export function cpuMsOf(pid: string): number {
  const stat = readProc(pid, 'stat');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name, counted from the state field as 0: utime is the 11th, stime the 12th.
  return ((Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 1000) / USER_HZ;
}

/**
 * CPU time (user + system, ms) of this process's children that have ended
 * and been waited for (cutime + cstime of /proc/self/stat): what a finished
 * child process spent on every core, its threads included; undefined without /proc.
 */
export function endedChildrenCpuMs(): number | undefined {
  const stat = readProc('self', 'stat');
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) * 1000) / USER_HZ;
}

/** Pids of the extension processes (`--extension-process`) of the Chromium whose profile is `profile`; undefined without /proc. */
function extensionPids(profile: string): string[] | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  // Chromium passes `--user-data-dir` on to its children and rewrites their command lines as one string with spaces between the arguments.
  return pids.filter((pid) => {
    const command = readProc(pid, 'cmdline');
    return /--extension-process(\s|\0|$)/.test(command) && command.includes(`--user-data-dir=${profile}`);
  });
}

/**
 * CPU time (ms) used so far by the extension processes (where the service
 * worker runs) of the Chromium whose profile is `profile`, or undefined when
 * none is found. Counted in 10 ms ticks: read it around seconds of work.
 */
export function extensionProcessCpuMs(profile: string): number | undefined {
  const pids = extensionPids(profile);
  if (pids === undefined || pids.length === 0) return undefined;
  return pids.reduce((total, pid) => total + cpuMsOf(pid), 0);
}

/** Resident memory (MB, VmRSS) of the same processes, or undefined when none is found. */
export function extensionProcessRssMB(profile: string): number | undefined {
  const pids = extensionPids(profile);
  if (pids === undefined || pids.length === 0) return undefined;
  return pids.reduce((total, pid) => total + Number(/VmRSS:\s+(\d+) kB/.exec(readProc(pid, 'status'))?.[1] ?? 0) / 1024, 0);
}

/**
 * Proportional memory (MB, Pss from smaps_rollup) of the same processes —
 * shared pages count in part, as Chromium's task manager counts them — and
 * its anonymous part (Pss_Anon: heaps, the
 * memory the extension's code allocates). The rest is mostly Chromium's own
 * code and data files, shared with every Chromium process on the machine
 * that maps them: it falls when other browsers run (other tests, other
 * users) and rises when they end, by 10–20 MB here within a minute.
 */
export function extensionProcessMemoryMB(profile: string): { pss: number; anon: number } | undefined {
  const pids = extensionPids(profile);
  if (pids === undefined || pids.length === 0) return undefined;
  const field = (rollup: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) / 1024;
  return pids.reduce((total, pid) => {
    const rollup = readProc(pid, 'smaps_rollup');
    return { pss: total.pss + field(rollup, 'Pss'), anon: total.anon + field(rollup, 'Pss_Anon') };
  }, { pss: 0, anon: 0 });
}
