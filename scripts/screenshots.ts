import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, type UiLocale } from '../test/e2e/support/browser';
import { writeSeededHistory } from './screenshots/seed-history';
import { ScreenshotSession } from './screenshots/session';
import { SHOTS, VIEWS, type Shot } from './screenshots/shots';

/**
 * `npm run screenshots`: every view of SHOTS (scripts/screenshots/shots.ts),
 * from the built extension (.output/chrome-mv3) in headless Chromium, written
 * to docs/screenshots/<name>.png. `--dry-run` lists the files instead;
 * `--only NAME…` takes just those shots (the others keep their files, and
 * the dates the seeded history writes into some of them).
 */
const OUT = join(ROOT, 'docs', 'screenshots');
const TMP = join(ROOT, '.tmp', 'screenshots');

async function main(args: readonly string[]): Promise<void> {
  const only = args.includes('--only') ? new Set(args.slice(args.indexOf('--only') + 1)) : undefined;
  const unknown = [...(only ?? [])].filter((name) => !SHOTS.some((shot) => shot.name === name));
  if (unknown.length > 0) throw new Error(`no such shot: ${unknown.join(', ')} (\`--dry-run\` lists them)`);
  const shots = only ? SHOTS.filter((shot) => only.has(shot.name)) : SHOTS;
  if (args.includes('--dry-run')) {
    for (const shot of shots) console.log(`${shot.name}.png`);
    return;
  }
  await mkdir(TMP, { recursive: true });
  await mkdir(OUT, { recursive: true });
  const history = join(TMP, 'history.json');
  await writeSeededHistory(history);
  for (const locale of new Set(shots.map((shot) => shot.locale))) {
    await takeShots(locale, shots.filter((shot) => shot.locale === locale), history);
  }
}

/** One browser per language; its shots in list order. */
async function takeShots(locale: UiLocale, shots: readonly Shot[], history: string): Promise<void> {
  const session = await ScreenshotSession.start(locale, history);
  try {
    for (const shot of shots) {
      const page = await VIEWS[shot.view](session);
      await page.emulateMedia({ colorScheme: shot.colorScheme });
      // From the top, so sticky headers sit where a user sees them.
      await page.evaluate(() => window.scrollTo(0, 0));
      const path = join(OUT, `${shot.name}.png`);
      await page.screenshot({ path, animations: 'disabled' });
      console.log(path);
    }
  } finally {
    await session.close();
  }
}

await main(process.argv.slice(2));
