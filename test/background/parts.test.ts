/**
 * A part of an article read before inside another page, found by passages
 * alone (docs/decisions/0036-parts-found-by-passages.md): named as a partial
 * copy, unless what the two pages share is common text — their site's
 * template, or text many stored pages hold (core/quote-sources.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUOTE_COMMON_PAGES, judge, signDocument } from '../../src/core';
import { partOf } from '../../eval/embedded-parts';
import { inMiddleOf, paragraphs } from '../../eval/quoted-passages';
import { readsTexts } from './fakes';

const fixture = (name: string): string => readFileSync(join(import.meta.dirname, '../fixtures/detection', `${name}.txt`), 'utf8');

/** A long shared footer (a press release's "About us" and legal text): two short articles, seven passages. */
const footer = [fixture('readability-mozilla-1'), fixture('readability-mozilla-2')].join('\n\n');
const quanta = paragraphs(fixture('readability-quanta-1'));
/** Different articles of one publisher, each followed by the footer. */
const releases = [quanta.slice(0, 12), quanta.slice(20, 32), quanta.slice(40, 52), paragraphs(fixture('readability-dropbox-blog.trunc40'))]
  .map((article) => [...article, footer].join('\n\n'));

const { read } = readsTexts();

describe.each([
  ['English', 'readability-dropbox-blog', 'readability-quanta-1'],
  ['Chinese', 'cwc-bbdf5079', 'cwc-a0cb0242.samewrap.cwc-bbdf5079'],
])('a third of an article read before inside another article (%s)', (_language, article, host) => {
  const page = inMiddleOf(fixture(host), partOf(fixture(article), 1 / 3));

  it('is a partial copy of it on another site (a quote before)', async () => {
    await read('https://writer.example/article', fixture(article));
    const report = await read('https://aggregator.example.net/digest', page);
    expect(report.status).toBe('partial');
    expect(report.matches.map((m) => [m.url, m.verdict])).toEqual([['https://writer.example/article', 'partial']]);
  });

  it('is a partial copy of it when the user read it at three sites, the original and two reposts', async () => {
    await read('https://writer.example/article', fixture(article));
    await read('https://mirror.example.org/copy', fixture(article));
    await read('https://feed.example.com/item', fixture(article));
    const report = await read('https://aggregator.example.net/digest', page);
    expect(report.status).toBe('partial');
    expect(report.matches.map((m) => m.verdict)).toEqual(['partial', 'partial', 'partial']);
  });

  it('is not named on the article’s own site (what a site shares with itself is its own)', async () => {
    await read('https://writer.example/article', fixture(article));
    expect((await read('https://writer.example/digest', page)).status).toBe('new');
  });
});

/** Two articles of one site whose text is mostly the site's template (a wiki's infobox, references and links). */
const dropbox = paragraphs(fixture('readability-dropbox-blog'));
const wikiPages = [dropbox.slice(0, 14), dropbox.slice(40, 54)].map((article) => [...article, ...quanta.slice(0, 8)].join('\n\n'));

describe('two pages of one site that are mostly its template', () => {
  it('would be a copy by their passages, were the sites unknown', () => {
    expect(judge(signDocument(wikiPages[0]!), signDocument(wikiPages[1]!)).verdict).toBe('duplicate');
  });

  it('are not copies of each other on one site: only whole fingerprints show a copy there', async () => {
    await read('https://wiki.example/one', wikiPages[0]!);
    expect((await read('https://wiki.example/two', wikiPages[1]!)).status).toBe('new');
  });

  it('are a copy on another site', async () => {
    await read('https://wiki.example/one', wikiPages[0]!);
    expect((await read('https://mirror.example/two', wikiPages[1]!)).status).toBe('repost');
  });
});

describe('pages sharing a long boilerplate (a publisher’s “About us” and legal text)', () => {
  it('would be a partial copy by passages alone, were the sites unknown', () => {
    expect(judge(signDocument(releases[0]!), signDocument(releases[3]!)).verdict).toBe('partial');
  });

  it('are not partial copies of each other on one site', async () => {
    await read('https://press.example/one', releases[0]!);
    expect((await read('https://press.example/two', releases[3]!)).status).toBe('new');
  });

  it(`are not partial copies once ${QUOTE_COMMON_PAGES} stored pages hold the boilerplate (common text)`, async () => {
    for (const [i, release] of releases.slice(0, QUOTE_COMMON_PAGES).entries()) await read(`https://wire${i}.example/release`, release);
    expect((await read('https://another-wire.example/release', releases[3]!)).status).toBe('new');
  });

  it(`are until then: one page of another site holding it is all the history can tell`, async () => {
    await read('https://wire.example/release', releases[0]!);
    expect((await read('https://another-wire.example/release', releases[3]!)).status).toBe('partial');
  });
});

describe('a part of a page whose text is mostly short lines (decisions/0061)', () => {
  it('is a partial copy: the history keeps the prose total it is measured against (a quote before)', async () => {
    await read('https://nytimes.example/es', fixture('readability-nytimes-5'));
    const report = await read('https://aggregator.example.net/teasers', inMiddleOf(fixture('readability-quanta-1'), partOf(fixture('readability-nytimes-5'), 1 / 2)));
    expect(report.matches.map((m) => [m.url, m.verdict])).toEqual([['https://nytimes.example/es', 'partial']]);
  });
});
