import { formatCount, formatDate, formatDateTime, t } from '../../src/i18n';
import type { VerdictOptions } from '../../src/core';
import { filterGroups, rankSites, repostsCsv, type RepostCopy, type RepostFilter, type RepostGroup, type RepostsProgress, type RepostingSite } from '../../src/reposts';
import type { Settings } from '../../src/settings';
import type { Page } from '../../src/store';
import { byId, externalLink, h } from '../../src/ui/dom';
import { isLinkable } from '../../src/ui/match-text';
import './reposts.css';

/** Groups drawn per "Show more": a screenful, so any result draws in a few milliseconds however many groups there are. */
export const GROUPS_PER_PAGE = 20;
/** Copies listed under one original; an article copied thousands of times says how many more (the CSV has all). */
export const COPIES_SHOWN = 10;
/** Sites in the ranking beside the groups. */
const SITES_RANKED = 10;
/** Sites offered by the site filter: the most reposting ones (a search also matches sites). */
const SITES_IN_FILTER = 200;
/** Typing pauses this long before the groups are filtered. */
const SEARCH_DEBOUNCE_MS = 200;

export interface RepostsViewDeps {
  /** Finds the reposts in the history with the user's k and minimum length (findReposts, in a worker in the extension). */
  find(options: Required<VerdictOptions>, progress: (state: RepostsProgress) => void): Promise<RepostGroup[]>;
  loadSettings(): Promise<Settings>;
  /** Saves the CSV under this name. */
  download(blob: Blob, filename: string): void;
  now?: () => Date;
}

/**
 * The Reposts tab: the copies found in the history grouped by original, the
 * sites that repost most, search and filters, CSV export. The reposts are
 * looked for each time the tab is shown (the history, the background's
 * visits and the settings may have changed meanwhile) and on "Refresh"; the
 * last result stays on screen meanwhile, and the filters work on it in memory.
 */
export function initRepostsView({ find, loadSettings, download, now = () => new Date() }: RepostsViewDeps): { show(): void } {
  const list = byId('reposts-groups');
  const empty = byId('reposts-empty');
  const summary = byId('reposts-summary');
  const status = byId('reposts-status');
  const more = byId<HTMLButtonElement>('reposts-more');
  const search = byId<HTMLInputElement>('reposts-search');
  const kind = byId<HTMLSelectElement>('reposts-kind');
  const site = byId<HTMLSelectElement>('reposts-site');
  const refresh = byId<HTMLButtonElement>('reposts-refresh');
  const ranking = byId('reposts-site-ranking');
  const noSites = byId('reposts-no-sites');
  let groups: RepostGroup[] | undefined;
  let shownGroups: RepostGroup[] = [];
  let drawn = 0;
  let computing = false;

  const say = (text: string | undefined, tone: 'info' | 'error' = 'info') => {
    status.hidden = text === undefined;
    status.className = `banner ${tone}`;
    status.textContent = text ?? '';
  };

  const filter = (): RepostFilter => ({
    search: search.value,
    kind: kind.value === 'duplicate' || kind.value === 'partial' ? kind.value : 'all',
    ...(site.value ? { site: site.value } : {}),
  });

  const compute = async () => {
    if (computing) return;
    computing = true;
    refresh.disabled = true;
    try {
      const settings = await loadSettings();
      let pages = 0;
      const progress = (state: RepostsProgress) => {
        if (state.phase === 'reading') pages = state.done;
        say(state.phase === 'reading' ? t('repostsReading', [formatCount(state.done), formatCount(state.total)]) : t('repostsComparing', formatCount(pages)));
      };
      groups = await find({ maxDistance: settings.maxDistance, minLength: settings.minLength }, progress);
      say(undefined);
      fillSiteFilter(groups);
      draw();
    } catch (error) {
      say(t('repostsFailed', error instanceof Error ? error.message : String(error)), 'error');
    } finally {
      computing = false;
      refresh.disabled = false;
    }
  };

  const fillSiteFilter = (all: RepostGroup[]) => {
    const chosen = site.value;
    const sites = rankSites(all).slice(0, SITES_IN_FILTER).map((entry) => entry.site);
    if (chosen && !sites.includes(chosen)) sites.push(chosen);
    site.replaceChildren(site.options[0]!, ...sites.map((name) => h('option', { value: name }, name)));
    choose(site, chosen);
  };

  /** Redraws from the first group: the summary, the ranking and a page of groups. */
  const draw = () => {
    if (!groups) return;
    const current = filter();
    shownGroups = filterGroups(groups, current);
    const copies = shownGroups.reduce((sum, group) => sum + group.copies.length, 0);
    summary.textContent = t('repostsSummary', [formatCount(shownGroups.length), formatCount(copies)]);
    drawRanking(rankSites(filterGroups(groups, { ...current, site: undefined })).slice(0, SITES_RANKED));
    list.replaceChildren();
    drawn = 0;
    drawMore();
    empty.hidden = shownGroups.length > 0;
    empty.textContent = groups.length === 0 ? t('repostsEmpty') : t('repostsNoMatch');
  };

  const drawMore = () => {
    const next = shownGroups.slice(drawn, drawn + GROUPS_PER_PAGE);
    list.append(...next.map(groupCard));
    drawn += next.length;
    more.hidden = drawn >= shownGroups.length;
  };

  const drawRanking = (sites: RepostingSite[]) => {
    ranking.replaceChildren(...sites.map((entry) => h('li', {},
      h('button', {
        type: 'button',
        class: `site-rank${entry.site === site.value ? ' active' : ''}`,
        title: t('repostsSiteFilter', entry.site),
        'aria-pressed': String(entry.site === site.value),
        onclick: () => {
          choose(site, site.value === entry.site ? '' : entry.site);
          draw();
        },
      },
      h('span', { class: 'site-name' }, entry.site),
      h('span', { class: 'site-count' }, t('repostsSiteCount', [formatCount(entry.copies), formatCount(entry.originals)]))))));
    noSites.hidden = sites.length > 0;
  };

  let searchTimer: number | undefined;
  search.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = window.setTimeout(draw, SEARCH_DEBOUNCE_MS);
  });
  kind.addEventListener('change', draw);
  site.addEventListener('change', draw);
  more.addEventListener('click', drawMore);
  refresh.addEventListener('click', () => void compute());
  byId('reposts-export').addEventListener('click', () => {
    const blob = new Blob([repostsCsv(shownGroups)], { type: 'text/csv;charset=utf-8' });
    download(blob, `deja-lu-reposts-${now().toISOString().slice(0, 10)}.csv`);
  });

  return { show: () => void compute() };
}

/** Selects the option of `value` through the options, the one way every DOM the page runs in (linkedom in tests) agrees on. */
function choose(select: HTMLSelectElement, value: string): void {
  const options = [...select.options];
  for (const option of options) option.selected = false;
  const chosen = options.find((option) => option.value === value);
  if (chosen) chosen.selected = true;
}

function groupCard(group: RepostGroup): HTMLElement {
  const { original, copies } = group;
  const hidden = copies.length - COPIES_SHOWN;
  return h('article', { class: 'repost-group table-wrap' },
    h('header', { class: 'repost-original' },
      h('span', { class: 'tag' }, t('repostsOriginal')),
      h('div', { class: 'repost-original-text' },
        titleOf(original),
        h('div', { class: 'page-sub' },
          h('span', { class: 'page-url', title: original.url }, original.url.replace(/^https?:\/\//, '')),
          h('span', { class: 'muted', title: formatDateTime(original.firstVisit) }, t('repostsFirstRead', formatDate(original.firstVisit)))))),
    h('table', { class: 'pages copies' },
      h('thead', {},
        h('tr', {},
          h('th', { scope: 'col' }, t('colCopy')),
          h('th', { scope: 'col', class: 'col-site' }, t('colSite')),
          h('th', { scope: 'col', class: 'col-date' }, t('colFirstRead')),
          h('th', { scope: 'col', class: 'col-kind' }, t('colKind')),
          h('th', { scope: 'col', class: 'col-distance' }, t('colDistance')))),
      h('tbody', {}, ...copies.slice(0, COPIES_SHOWN).map(copyRow))),
    hidden > 0 ? h('p', { class: 'more-copies' }, t('repostsMoreCopies', formatCount(hidden))) : null);
}

function copyRow({ page, kind, distance }: RepostCopy): HTMLElement {
  return h('tr', {},
    h('td', { class: 'col-page' }, titleOf(page), h('div', { class: 'page-sub' }, h('span', { class: 'page-url', title: page.url }, page.url.replace(/^https?:\/\//, '')))),
    h('td', { class: 'col-site' }, h('span', { class: 'site-name' }, page.site)),
    h('td', { class: 'col-date', title: formatDateTime(page.firstVisit) }, formatDate(page.firstVisit)),
    h('td', { class: 'col-kind' }, h('span', { class: kind === 'duplicate' ? 'tag' : 'tag quiet' }, t(kind === 'duplicate' ? 'labelRepost' : 'labelPartial'))),
    h('td', { class: 'col-distance', title: t('repostsDistance', String(distance)) }, String(distance)));
}

/** The page's title as a link, or as text for addresses an extension page cannot open (imported file:// ones). */
function titleOf(page: Page): HTMLElement {
  const text = page.title || page.url;
  return isLinkable(page.url) ? externalLink(page.url, text, 'page-title') : h('span', { class: 'page-title', dir: 'auto' }, text);
}
