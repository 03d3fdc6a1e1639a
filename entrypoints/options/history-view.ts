import { formatCount, formatDate, formatDateTime, t, type MessageKey } from '../../src/i18n';
import { isLongEnough } from '../../src/core/text-length';
import type { Settings } from '../../src/settings';
import type { History, Page, PageSource } from '../../src/store';
import { isolateBidi } from '../../src/ui/bidi';
import { showWhenSlow } from '../../src/ui/busy-line';
import { byId, externalLink, h } from '../../src/ui/dom';
import { isLinkable } from '../../src/ui/match-text';
import { failureReason } from './failure-reason';
import { formatBytes } from './format-bytes';

/** Rows fetched per "Show more". */
export const PAGE_SIZE = 50;
/** Typing pauses this long before the list is searched. */
const SEARCH_DEBOUNCE_MS = 200;

const SOURCE_TAG: Partial<Record<PageSource, MessageKey>> = { import: 'sourceImport', author: 'sourceAuthor', manual: 'sourceManual' };

export interface HistoryViewDeps {
  history: History;
  loadSettings(): Promise<Settings>;
  estimateStorage(): Promise<{ usage?: number }>;
  confirm(message: string): boolean;
  /** After "clear all": the background forgets its per-tab reports and badges, which name history pages. */
  forgetReports(): Promise<unknown>;
}

/** The stored pages: search, sort, delete one, clear all, and the totals above them. */
export function initHistoryView({ history, loadSettings, estimateStorage, confirm, forgetReports }: HistoryViewDeps): { refresh(): Promise<void> } {
  const rows = byId('page-rows');
  const empty = byId('history-empty');
  const summary = byId('history-summary');
  const more = byId<HTMLButtonElement>('show-more');
  const search = byId<HTMLInputElement>('search');
  const sort = byId<HTMLSelectElement>('sort');
  const status = byId('transfer-status');
  const busy = byId('history-busy');
  let shown = PAGE_SIZE;
  let generation = 0;
  /** The search of the latest refresh: a newer one stops it, as its result would not be drawn. */
  let searching: AbortController | undefined;

  const refresh = async () => {
    const current = ++generation;
    searching?.abort();
    const controller = (searching = new AbortController());
    const query = search.value.trim();
    const cancelBusy = query ? showWhenSlow(busy, t('searching', query)) : undefined;
    let listed;
    try {
      listed = await Promise.all([
        history.list({ search: query, order: sort.value === 'oldest' ? 'oldest' : 'newest', limit: shown, signal: controller.signal }),
        history.count(),
        estimateStorage().catch(() => ({ usage: undefined })),
        loadSettings(),
      ]);
    } catch (error) {
      // Stopped for a newer refresh, which draws instead.
      if (controller.signal.aborted) return;
      throw error;
    } finally {
      cancelBusy?.();
      if (current === generation) busy.hidden = true;
    }
    const [{ pages, total }, count, estimate, settings] = listed;
    // A newer refresh (fast typing) has already drawn.
    if (current !== generation) return;
    summary.textContent = t('historySummary', [formatCount(count), estimate.usage === undefined ? t('storageUnknown') : formatBytes(estimate.usage)]);
    rows.replaceChildren(...pages.map((page) => row(page, settings)));
    empty.hidden = pages.length > 0;
    empty.textContent = query ? t('noResults', query) : t('emptyHistory');
    more.hidden = pages.length >= total;
  };

  const row = (page: Page, settings: Settings) => {
    const tooShort = !isLongEnough({ cjkChars: page.cjkChars, words: page.words }, settings.minLength);
    const source = SOURCE_TAG[page.source];
    const name = isolateBidi(page.title || page.url);
    return h('tr', {},
      h('td', { class: 'col-page' },
        // Imported file:// addresses cannot be opened from here; show the title as text.
        isLinkable(page.url) ? externalLink(page.url, page.title || page.url, 'page-title') : h('span', { class: 'page-title', dir: 'auto' }, page.title || page.url),
        h('div', { class: 'page-sub' },
          h('span', { class: 'page-url', title: page.url }, page.url.replace(/^https?:\/\//, '')),
          source ? h('span', { class: 'tag' }, t(source)) : null,
          tooShort ? h('span', { class: 'tag quiet' }, t('tooShortTag')) : null)),
      h('td', { class: 'col-date', title: formatDateTime(page.lastVisit) }, formatDate(page.lastVisit)),
      h('td', { class: 'col-visits' }, formatCount(page.visitCount)),
      h('td', { class: 'col-actions' },
        h('button', {
          type: 'button',
          class: 'btn ghost small delete',
          'aria-label': t('deleteEntryLabel', name),
          title: t('deleteEntryLabel', name),
          onclick: async () => {
            try {
              await history.delete(page.id);
              say(t('deleted', name));
            } catch (error) {
              say(t('deleteFailed', [name, failureReason(error)]), 'error');
            }
            await refresh();
          },
        }, t('deleteEntry'))));
  };

  const say = (text: string, tone: 'info' | 'error' = 'info') => {
    status.hidden = false;
    status.className = `banner ${tone}`;
    status.textContent = text;
  };

  let searchTimer: number | undefined;
  search.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = window.setTimeout(() => {
      shown = PAGE_SIZE;
      void refresh();
    }, SEARCH_DEBOUNCE_MS);
  });
  sort.addEventListener('change', () => void refresh());
  more.addEventListener('click', () => {
    shown += PAGE_SIZE;
    void refresh();
  });
  byId('clear-all').addEventListener('click', async () => {
    const count = await history.count();
    if (count === 0 || !confirm(t('confirmClearAll', formatCount(count)))) return;
    try {
      await history.clear();
    } catch (error) {
      say(t('clearFailed', failureReason(error)), 'error');
      await refresh();
      return;
    }
    await forgetReports().catch((error: unknown) => console.warn('[Déjà Lu] could not reset the tabs\' reports:', error));
    say(t('cleared'));
    await refresh();
  });

  return { refresh };
}
