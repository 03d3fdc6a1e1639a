/**
 * The options page's "My articles" tab: each of the user's own articles with
 * every copy the history holds of it (copies.ts), a CSV export, a printable
 * report, and the import of a feed or sitemap file (watch-file.ts).
 */
import { formatDate, formatPercent, t } from '../i18n';
import type { Settings } from '../settings';
import type { History } from '../store';
import { showWhenSlow } from '../ui/busy-line';
import { byId, externalLink, h } from '../ui/dom';
import { isLinkable, VERDICT_LABEL } from '../ui/match-text';
import { saveFile } from '../ui/save-file';
import { copiesOfMyArticles, type ArticleCopies, type CopySeen } from './copies';
import { copiesCsv } from './copies-csv';
import { importWatchFile } from './import-watch-file';
import type { WatchedUrls } from './watched-urls';

export interface MyArticlesDeps {
  history: Pick<History, 'ownArticles' | 'queryMany' | 'setSource' | 'importJson'>;
  loadSettings(): Promise<Settings>;
  watched: Pick<WatchedUrls, 'add' | 'remove' | 'count'>;
  now?: () => Date;
  /** Saves the file (a download link); tests pass a spy. */
  save?: (blob: Blob, filename: string) => void;
  print?: () => void;
  /** After a feed import or an article unmarked: the history tab shows the change. */
  onHistoryChanged?: () => void;
}

export function initMyArticles({
  history,
  loadSettings,
  watched,
  now = () => new Date(),
  save = saveFile,
  print = () => window.print(),
  onHistoryChanged = () => {},
}: MyArticlesDeps): { refresh(): Promise<void> } {
  const list = byId('mine-list');
  const empty = byId('mine-empty');
  const summary = byId('mine-summary');
  const status = byId('mine-status');
  const busy = byId('mine-busy');
  const printedOn = byId('mine-printed-on');
  const fileInput = byId<HTMLInputElement>('mine-file');
  let shown: ArticleCopies[] = [];
  let generation = 0;

  const refresh = async () => {
    const current = ++generation;
    // Each article's copies are looked up in the history: a while with many articles in a large one.
    const cancelBusy = showWhenSlow(busy, t('mineLooking'));
    let articles: ArticleCopies[];
    let watchedCount: number;
    try {
      const settings = await loadSettings();
      articles = await copiesOfMyArticles(history, { maxDistance: settings.maxDistance, minLength: settings.minLength });
      watchedCount = await watched.count();
    } finally {
      cancelBusy();
      if (current === generation) busy.hidden = true;
    }
    if (current !== generation) return;
    shown = articles;
    const copies = articles.reduce((sum, { copies: found }) => sum + found.length, 0);
    summary.textContent = t('mineSummary', [String(articles.length), String(copies), String(watchedCount)]);
    printedOn.textContent = t('minePrintedOn', formatDate(now().getTime()));
    list.replaceChildren(...articles.map((entry) => articleView(entry, unmark)));
    empty.hidden = articles.length > 0;
  };

  const unmark = async (url: string) => {
    await history.setSource(url, 'visit');
    await watched.remove(url);
    onHistoryChanged();
    await refresh();
  };

  const say = (tone: 'info' | 'error', text: string) => {
    status.hidden = false;
    status.className = `banner ${tone}`;
    status.textContent = text;
  };

  // The history may have changed on the other tabs (a page deleted, the threshold changed).
  window.addEventListener('hashchange', () => {
    if (location.hash === '#mine') void refresh();
  });
  byId('mine-export-csv').addEventListener('click', () => {
    save(new Blob([copiesCsv(shown)], { type: 'text/csv;charset=utf-8' }), `deja-lu-my-articles-${now().toISOString().slice(0, 10)}.csv`);
  });
  byId('mine-print').addEventListener('click', () => print());
  byId('mine-import').addEventListener('click', () => fileInput.click());
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (!file) return;
    void file.text()
      .then((text) => importWatchFile(text, { history, watched, now: now() }))
      .then(async (result) => {
        if (result.kind === 'feed') say('info', t('mineFeedImported', String(result.articles)));
        else if (result.kind === 'sitemap') say('info', t('mineSitemapImported', [String(result.added), String(result.watched)]));
        else say('error', t(result.kind === 'sitemap-index' ? 'mineSitemapIndex' : 'mineFileUnknown'));
        onHistoryChanged();
        await refresh();
      })
      .catch(() => say('error', t('mineImportFailed')));
  });

  return { refresh };
}

function articleView({ article, copies }: ArticleCopies, unmark: (url: string) => Promise<void>): HTMLElement {
  const title = article.title || article.url;
  const dates = [t('mineAddedOn', formatDate(article.firstVisit)), article.publishedAt !== undefined ? t('minePublishedOn', formatDate(article.publishedAt)) : ''];
  return h('article', { class: 'mine-article' },
    h('header', { class: 'mine-head' },
      h('div', { class: 'mine-title' },
        h('h2', {}, isLinkable(article.url) ? externalLink(article.url, title) : h('span', { dir: 'auto' }, title)),
        h('p', { class: 'mine-url', dir: 'ltr' }, article.url),
        h('p', { class: 'muted' }, dates.filter(Boolean).join(' · '))),
      h('button', { type: 'button', class: 'btn ghost small screen-only', onclick: () => void unmark(article.url) }, t('ownUnmark'))),
    copies.length === 0
      ? h('p', { class: 'mine-none muted' }, t('mineNoCopies'))
      : h('table', { class: 'pages copies' },
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col' }, t('mineColCopy')),
          h('th', { scope: 'col', class: 'col-match' }, t('mineColMatch')),
          h('th', { scope: 'col', class: 'col-date' }, t('mineColFirstSeen')),
          h('th', { scope: 'col', class: 'col-date' }, t('mineColLastSeen')))),
        h('tbody', {}, ...copies.map(copyRow))));
}

function copyRow(copy: CopySeen): HTMLElement {
  return h('tr', { class: 'copy' },
    h('td', {},
      isLinkable(copy.url) ? externalLink(copy.url, copy.title || copy.url, 'copy-title') : h('span', { class: 'copy-title', dir: 'auto' }, copy.title || copy.url),
      h('p', { class: 'mine-url', dir: 'ltr' }, copy.url)),
    h('td', { class: 'col-match' }, t(VERDICT_LABEL[copy.verdict]), h('br', {}), h('span', { class: 'muted' }, formatPercent(copy.similarity))),
    h('td', { class: 'col-date' }, formatDate(copy.firstVisit)),
    h('td', { class: 'col-date' }, formatDate(copy.lastVisit)));
}
