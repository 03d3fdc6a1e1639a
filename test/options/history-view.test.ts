import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initHistoryView, PAGE_SIZE } from '../../entrypoints/options/history-view';
import { DEFAULT_SETTINGS } from '../../src/settings';
import { HistoryQuotaError, type History } from '../../src/store';
import { clock, freshHistory, T0 } from '../background/fakes';
import { loadExtensionPage } from '../support/extension-page';

async function seed(history: History, count: number) {
  for (let i = 0; i < count; i++) {
    await history.recordVisit({ url: `https://site${i}.example/a`, title: `Page ${i}`, site: `site${i}.example`, excerpt: '', textLength: 1000, cjkChars: 0, words: 500, fingerprint: (BigInt(i) * 0x9e3779b97f4a7c15n % (1n << 64n)).toString(16).padStart(16, '0') });
  }
}

describe('history page', () => {
  beforeEach(() => loadExtensionPage('options'));

  it('after "Show more", deleting a row of the second page updates the counts', async () => {
    const time = clock(T0);
    const history = await freshHistory(() => time.advance(1000));
    await seed(history, PAGE_SIZE + 5);
    const view = initHistoryView({ history, loadSettings: async () => DEFAULT_SETTINGS, estimateStorage: async () => ({ usage: 1 }), confirm: () => true, forgetReports: async () => null });
    await view.refresh();
    const summary = () => document.getElementById('history-summary')!.textContent;
    const rows = () => document.querySelectorAll('#page-rows tr').length;
    expect(summary()).toMatch(/^55 pages/);
    (document.getElementById('show-more') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(rows()).toBe(55));
    const buttons = document.querySelectorAll<HTMLButtonElement>('#page-rows button.delete');
    buttons[52]!.click();
    await vi.waitFor(() => expect(summary()).toMatch(/^54 pages/));
    expect(rows()).toBe(54);
  });

  it.each<[string, () => Error, RegExp]>([
    ['the storage is full', () => new HistoryQuotaError(new DOMException('quota', 'QuotaExceededError')), /^Could not delete “\u2068Page \d+\u2069”; nothing was changed\. The browser's storage is full/],
    ['anything else', () => new Error('The transaction was aborted'), /^Could not delete “\u2068Page \d+\u2069”; nothing was changed\. The transaction was aborted$/],
  ])('a delete that fails because %s is shown as an error, and the list stays as stored', async (_name, failure, message) => {
    const history = await freshHistory(Date.now);
    await seed(history, 3);
    vi.spyOn(history, 'delete').mockRejectedValue(failure());
    const view = initHistoryView({ history, loadSettings: async () => DEFAULT_SETTINGS, estimateStorage: async () => ({ usage: 1 }), confirm: () => true, forgetReports: async () => null });
    await view.refresh();
    document.querySelector<HTMLButtonElement>('#page-rows button.delete')!.click();
    const status = document.getElementById('transfer-status')!;
    await vi.waitFor(() => expect(status.textContent).toMatch(message));
    expect(status.className).toContain('error');
    expect(document.querySelectorAll('#page-rows tr')).toHaveLength(3);
    expect(document.getElementById('history-summary')!.textContent).toMatch(/^3 pages/);
  });

  it('a "clear all" that fails is shown as an error; the tabs\' reports are not reset', async () => {
    const history = await freshHistory(Date.now);
    await seed(history, 2);
    vi.spyOn(history, 'clear').mockRejectedValue(new HistoryQuotaError(new DOMException('quota', 'QuotaExceededError')));
    const forgetReports = vi.fn(async () => null);
    const view = initHistoryView({ history, loadSettings: async () => DEFAULT_SETTINGS, estimateStorage: async () => ({ usage: 1 }), confirm: () => true, forgetReports });
    await view.refresh();
    document.getElementById('clear-all')!.click();
    const status = document.getElementById('transfer-status')!;
    await vi.waitFor(() => expect(status.textContent).toMatch(/^Could not clear the history; nothing was changed\. The browser's storage is full/));
    expect(status.className).toContain('error');
    expect(forgetReports).not.toHaveBeenCalled();
  });
});
