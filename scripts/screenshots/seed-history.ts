import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../test/e2e/support/browser';

/**
 * The pages read "before" the screenshots, with the addresses and dates the
 * pictures show (fixed, so every run draws the same dates): the originals of
 * the fixture reposts, fingerprinted by the current engine through
 * `deja-lu import-file`.
 */
export const SEEDED_PAGES: readonly { file: string; url: string; visitedAt: string }[] = [
  { file: 'en-original.html', url: 'https://techdaily.example/2019/05/original', visitedAt: '2026-03-02T09:15:00.000Z' },
  { file: 'en-other.html', url: 'https://longreads.example/features/other', visitedAt: '2026-03-09T20:40:00.000Z' },
  { file: 'zh-original.html', url: 'https://tansuo.example.cn/2017/original', visitedAt: '2026-03-16T12:05:00.000Z' },
  { file: 'zh-other.html', url: 'https://keji.example.cn/zixun/other', visitedAt: '2026-03-23T07:30:00.000Z' },
];

/** The pages the e2e tests serve (test/e2e/fixtures). */
export const FIXTURES = join(ROOT, 'test', 'e2e', 'fixtures');

interface ExportedPage { url: string; site: string; firstVisit: string; lastVisit: string; visitCount: number; source: string }

/** Writes the seeded history, in the export format the History page imports, to `out`. */
export async function writeSeededHistory(out: string): Promise<void> {
  const files = SEEDED_PAGES.map(({ file }) => join(FIXTURES, file));
  await promisify(execFile)(process.execPath, [join(ROOT, 'bin', 'deja-lu.mjs'), 'import-file', '--html', ...files, '-o', out], { cwd: ROOT });
  const exported = JSON.parse(await readFile(out, 'utf8')) as { pages: ExportedPage[] };
  exported.pages = exported.pages.map((page) => {
    // Without a canonical address, the command names a page by its file:// URL.
    const seeded = SEEDED_PAGES.find(({ file }) => page.url.endsWith(`/${file}`));
    if (!seeded) throw new Error(`deja-lu import-file wrote an unexpected page: ${page.url}`);
    const { url, visitedAt } = seeded;
    // Read in the browser, not the user's own articles: those get a notice of their own.
    return { ...page, url, site: new URL(url).host, firstVisit: visitedAt, lastVisit: visitedAt, visitCount: 1, source: 'visit' };
  });
  await writeFile(out, JSON.stringify(exported));
}
