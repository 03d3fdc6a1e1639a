/**
 * Compiles the CLI once before the unit tests: test/cli spawns it and loads
 * its worker from dist/cli, and several test files building it at once would
 * delete each other's output.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export default function setup(): void {
  execFileSync(process.execPath, [resolve(import.meta.dirname, '../scripts/build-cli.mjs')], { stdio: 'inherit' });
}
