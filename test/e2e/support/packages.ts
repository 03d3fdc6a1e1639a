import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './browser';

const run = promisify(execFile);
const TMP = join(ROOT, '.tmp', 'e2e');
const { name, version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

/** A zip `npm run zip` makes (WXT's default names: <name>-<version>-<browser|sources>.zip). */
export function zipPath(kind: 'chrome' | 'firefox' | 'sources'): string {
  return join(ROOT, '.output', `${name}-${version}-${kind}.zip`);
}

/** path → SHA-256 of every file under `dir`, sorted by path. */
export async function filesIn(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name)).sort();
  const hashes: Record<string, string> = {};
  for (const file of files) hashes[relative(dir, file)] = createHash('sha256').update(await readFile(file)).digest('hex');
  return hashes;
}

/** filesIn of what `zip` holds, unpacked by Debian's unzip (scripts/setup-machine.sh installs it). */
export async function filesInZip(zip: string): Promise<Record<string, string>> {
  await mkdir(TMP, { recursive: true });
  const dir = await mkdtemp(join(TMP, 'zip-'));
  try {
    await run('unzip', ['-q', zip, '-d', dir]);
    return await filesIn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The repository's files git does not ignore (tracked, or new and not ignored). */
export async function sourceFiles(): Promise<string[]> {
  const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, maxBuffer: 16 << 20 });
  return stdout.split('\0').filter(Boolean);
}
