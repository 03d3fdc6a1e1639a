import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageLanguage } from '../../src/i18n';
import english from '../../public/_locales/en/messages.json';
import chinese from '../../public/_locales/zh_CN/messages.json';

const ENTRYPOINTS = join(import.meta.dirname, '..', '..', 'entrypoints');

/** The message keys an extension page's HTML names in data-i18n and data-i18n-<attribute>. */
function keysOfPage(name: string): string[] {
  const html = readFileSync(join(ENTRYPOINTS, name, 'index.html'), 'utf8');
  return [...html.matchAll(/\sdata-i18n(?:-[a-z-]+)?="([^"]+)"/g)].map((match) => match[1]!);
}

const pages = readdirSync(ENTRYPOINTS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(join(ENTRYPOINTS, entry.name)).includes('index.html'))
  .map((entry) => entry.name);

describe('message catalogues', () => {
  it('English and Chinese have the same messages', () => {
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
  });

  it.each<[string, Record<string, { message: string }>, string]>([
    ['English', english, 'en'],
    ['Chinese', chinese, 'zh-CN'],
  ])('the %s pages are marked with the catalogue\'s own language tag', (_name, catalogue, tag) => {
    expect(pageLanguage((key) => catalogue[key]?.message ?? '')).toBe(tag);
  });

  it.each(pages)('every message the %s page names is in the catalogue', (page) => {
    expect(keysOfPage(page).filter((key) => !(key in english))).toEqual([]);
  });

  it('reads the keys a page names (the welcome page names its title)', () => {
    expect(keysOfPage('welcome')).toContain('welcomeTitle');
  });
});
