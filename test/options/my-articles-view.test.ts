import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '../../src/settings';
import type { History, PageInput } from '../../src/store';
import { initMyArticles } from '../../src/watch/my-articles-view';
import { watchedUrls } from '../../src/watch/watched-urls';
import { BUSY_AFTER_MS } from '../../src/ui/busy-line';
import { DAY, FP, T0, clock, freshHistory } from '../background/fakes';
import { loadExtensionPage } from '../support/extension-page';

let history: History;
let time: ReturnType<typeof clock>;

async function record(url: string, fields: Partial<PageInput> = {}): Promise<void> {
  time.advance(DAY);
  await history.recordVisit({ url, title: `Title of ${url}`, site: url.startsWith('file:') ? '' : new URL(url).hostname, excerpt: '', textLength: 3000, cjkChars: 0, words: 500, fingerprint: FP, source: 'visit', ...fields });
}

function setup() {
  const save = vi.fn();
  const print = vi.fn();
  const onHistoryChanged = vi.fn();
  const view = initMyArticles({ history, loadSettings: async () => DEFAULT_SETTINGS, watched: watchedUrls(), now: () => new Date(T0 + 10 * DAY), save, print, onHistoryChanged });
  const text = (selector: string) => [...document.querySelectorAll(selector)].map((node) => node.textContent);
  return { view, save, print, onHistoryChanged, text };
}

describe('My articles tab', () => {
  beforeEach(async () => {
    loadExtensionPage('options');
    fakeBrowser.reset();
    time = clock(T0);
    history = await freshHistory(time.now);
  });

  it('lists each article with its copies; a file:// article is named, not linked', async () => {
    await record('file:///home/me/essay.html', { source: 'author' });
    await record('https://copy.example/essay');
    await record('https://me.example/lonely', { source: 'author', fingerprint: '0f0f0f0f0f0f0f0f' });
    const { view, text } = setup();
    await view.refresh();
    expect(document.getElementById('mine-summary')?.textContent).toBe('Articles: 2 · copies seen: 1 · sitemap addresses watched: 0');
    expect(text('.mine-article h2')).toEqual(['Title of file:///home/me/essay.html', 'Title of https://me.example/lonely']);
    expect(document.querySelector('.mine-article h2 a')?.getAttribute('href')).toBe('https://me.example/lonely');
    expect([...document.querySelectorAll('.copy-title')].map((link) => link.getAttribute('href'))).toEqual(['https://copy.example/essay']);
    expect(text('.mine-none')).toEqual(['No copy seen yet.']);
    expect(document.getElementById('mine-empty')?.hidden).toBe(true);
  });

  it.each<[string, string, string[]]>([
    ['"Export CSV" saves the list as a dated CSV file', '#mine-export-csv', ['save']],
    ['"Print report" opens the browser\'s print dialog', '#mine-print', ['print']],
  ])('%s', async (_name, button, called) => {
    await record('https://me.example/essay', { source: 'author' });
    const { view, save, print } = setup();
    await view.refresh();
    (document.querySelector(button) as HTMLButtonElement).click();
    expect({ save: save.mock.calls.length, print: print.mock.calls.length }).toEqual({ save: called.includes('save') ? 1 : 0, print: called.includes('print') ? 1 : 0 });
    if (called.includes('save')) {
      const [blob, filename] = save.mock.calls[0] as [Blob, string];
      expect(filename).toBe('deja-lu-my-articles-2026-01-25.csv');
      expect(await blob.text()).toContain('https://me.example/essay');
    }
  });

  it('says it is looking through the history while that takes more than a moment, and no more once done', async () => {
    await record('https://me.example/essay', { source: 'author' });
    const ownArticles = history.ownArticles.bind(history);
    let finish = () => {};
    // A slow read (a large history, a busy disk): the list of the user's own pages takes seconds.
    vi.spyOn(history, 'ownArticles').mockImplementation(async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return ownArticles();
    });
    const { view } = setup();
    const busy = document.getElementById('mine-busy')!;
    const refreshed = view.refresh();
    await new Promise((resolve) => setTimeout(resolve, BUSY_AFTER_MS + 300));
    expect(busy.hidden).toBe(false);
    expect(busy.textContent).toBe('Looking through your history for copies of your articles…');
    finish();
    await refreshed;
    expect(busy.hidden).toBe(true);
    expect(document.querySelectorAll('.mine-article')).toHaveLength(1);
  });

  it('"Not my article" gives the page back to the history as a visit and tells the history tab', async () => {
    await record('https://me.example/essay', { source: 'author' });
    const { view, onHistoryChanged } = setup();
    await view.refresh();
    (document.querySelector('.mine-head button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(onHistoryChanged).toHaveBeenCalledOnce());
    expect((await history.getByUrl('https://me.example/essay'))?.source).toBe('visit');
    await vi.waitFor(() => expect(document.getElementById('mine-empty')?.hidden).toBe(false));
  });
});
