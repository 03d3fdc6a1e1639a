import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, type UiLocale } from '../test/e2e/support/browser';
import { writeSeededHistory } from './screenshots/seed-history';
import { ScreenshotSession } from './screenshots/session';
import { SHOTS, VIEWS, type Shot } from './screenshots/shots';

/**
 * `npm run screenshots`: every view of SHOTS (scripts/screenshots/shots.ts),
 * from the built extension (.output/chrome-mv3) in headless Chromium, written
 * to docs/screenshots/<name>.png. `--dry-run` lists the files instead.
 */
const OUT = join(ROOT, 'docs', 'screenshots');
const TMP = join(ROOT, '.tmp', 'screenshots');

async function main(args: readonly string[]): Promise<void> {
  if (args.includes('--dry-run')) {
    for (const shot of SHOTS) console.log(`${shot.name}.png`);
    return;
  }
  await mkdir(TMP, { recursive: true });
  await mkdir(OUT, { recursive: true });
  const history = join(TMP, 'history.json');
  await writeSeededHistory(history);
  for (const locale of new Set(SHOTS.map((shot) => shot.locale))) {
    await takeShots(locale, SHOTS.filter((shot) => shot.locale === locale), history);
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
