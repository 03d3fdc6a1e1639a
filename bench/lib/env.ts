/** What the numbers were measured on: machine, versions, and how busy the machine was. */
import { execFileSync } from 'node:child_process';
import { cpus, freemem, loadavg, totalmem, release, platform } from 'node:os';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './data';

function tryExec(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  } catch {
    return '';
  }
}

function pkgVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'not installed';
  }
}

/** Debian's Chromium (apt-get install -y chromium), which every browser part of the bench drives. */
export const CHROMIUM = '/usr/bin/chromium';

export function chromiumVersion(): string {
  return tryExec(CHROMIUM, ['--version']).split('\n').pop() ?? '';
}

export function machineInfo() {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    freeMemoryGiB: Math.round(freemem() / 2 ** 30),
    os: `${platform()} ${release()}`,
    node: process.version,
    chromium: chromiumVersion() || 'not installed',
    simhashDeb: tryExec('dpkg-query', ['-W', '-f=${Version}', 'simhash']) || 'not installed',
    packages: Object.fromEntries(['wxt', 'vite', 'idb', 'segmentit', 'simhash-js', '@mozilla/readability', 'playwright-core'].map((p) => [p, pkgVersion(p)])),
    commit: tryExec('git', ['-C', REPO, 'rev-parse', '--short', 'HEAD']),
    dirty: tryExec('git', ['-C', REPO, 'status', '--porcelain', '--', 'src']).length > 0,
  };
}

/** 1-minute load average; with 2 cores, anything above ~1 means other work shares the CPU. */
export const load1 = (): number => Math.round(loadavg()[0]! * 100) / 100;
