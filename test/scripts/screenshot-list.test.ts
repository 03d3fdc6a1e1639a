import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/support/browser';
import { DARK_VIEWS, LANGUAGES, SHOTS, VIEWS, type View } from '../../scripts/screenshots/shots';

const views = Object.keys(VIEWS) as View[];

describe('the screenshots `npm run screenshots` takes', () => {
  it.each(views.flatMap((view) => LANGUAGES.map(({ locale, suffix }) => ({ view, locale, suffix }))))(
    '$view in $locale: one light shot named $view-$suffix',
    ({ view, locale, suffix }) => {
      const light = SHOTS.filter((shot) => shot.view === view && shot.locale === locale && shot.colorScheme === 'light');
      expect(light.map((shot) => shot.name)).toEqual([`${view}-${suffix}`]);
    },
  );

  it.each(DARK_VIEWS.flatMap((view) => LANGUAGES.map(({ locale, suffix }) => ({ view, locale, suffix }))))(
    '$view in $locale: also dark, named $view-$suffix-dark',
    ({ view, locale, suffix }) => {
      const dark = SHOTS.filter((shot) => shot.view === view && shot.locale === locale && shot.colorScheme === 'dark');
      expect(dark.map((shot) => shot.name)).toEqual([`${view}-${suffix}-dark`]);
    },
  );

  it('names each file once', () => {
    const names = SHOTS.map((shot) => shot.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('include every screenshot the README shows, so that none goes stale', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const shown = [...readme.matchAll(/docs\/screenshots\/([\w-]+)\.png/g)].map((match) => match[1]);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((name) => !SHOTS.some((shot) => shot.name === name))).toEqual([]);
  });
});
