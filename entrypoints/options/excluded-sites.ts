import { formatCount, t, type MessageKey } from '../../src/i18n';
import { isSiteExcluded, parseSiteInput } from '../../src/settings';
import { showWhenSlow } from '../../src/ui/busy-line';
import { byId, h } from '../../src/ui/dom';
import { failureReason } from './failure-reason';

/** What findSite found: how many pages, and what deletes them (resolving to how many went). */
export interface SitePages {
  count: number;
  remove(): Promise<number>;
}

export interface ExcludedSitesDeps {
  /** The sites excluded now. */
  excluded(): readonly string[];
  /** Saves a new list of excluded sites; the form then shows it again. */
  save(sites: string[]): Promise<unknown>;
  /** The pages stored from a site and its subdomains (a walk of the whole history: seconds at a million pages). */
  findSite(site: string): Promise<SitePages>;
  confirm(message: string): boolean;
  /** The history list must be redrawn. */
  onHistoryChanged(): void;
}

/** A message about `count` pages of `site`, in its own words for one page. */
function pagesOf(count: number, site: string, one: MessageKey, many: MessageKey): string {
  return count === 1 ? t(one, site) : t(many, [formatCount(count), site]);
}

/**
 * The settings' excluded sites: the list with a remove button each, and the
 * box that adds one, which offers to delete what the history holds from it
 * and says what it is doing meanwhile (a large history takes seconds).
 */
export function initExcludedSites(deps: ExcludedSitesDeps): { show(sites: readonly string[]): void } {
  const list = byId('site-list');
  const empty = byId('site-empty');
  const input = byId<HTMLInputElement>('site-input');
  const error = byId('site-error');
  const busy = byId('site-busy');

  const showError = (text: string) => {
    error.textContent = text;
    error.hidden = false;
  };

  const add = async () => {
    const site = parseSiteInput(input.value);
    error.hidden = true;
    busy.hidden = true;
    if (site === undefined) {
      showError(t('invalidSite', input.value.trim()));
      return;
    }
    input.value = '';
    if (!isSiteExcluded(site, deps.excluded())) await deps.save([...deps.excluded(), site]);
    const cancelBusy = showWhenSlow(busy, t('siteLooking', site));
    let found: SitePages;
    try {
      found = await deps.findSite(site);
    } catch (failure) {
      showError(t('siteLookFailed', [site, failureReason(failure)]));
      return;
    } finally {
      cancelBusy();
      busy.hidden = true;
    }
    if (found.count === 0 || !deps.confirm(pagesOf(found.count, site, 'confirmPurgeSiteOne', 'confirmPurgeSite'))) return;
    // Shown at once: a large history takes about a quarter of a second per ten pages (decisions/0101).
    busy.textContent = pagesOf(found.count, site, 'siteRemovingOne', 'siteRemoving');
    busy.hidden = false;
    try {
      busy.textContent = pagesOf(await found.remove(), site, 'purgedSiteOne', 'purgedSite');
    } catch (failure) {
      busy.hidden = true;
      showError(t('purgeFailed', [site, failureReason(failure)]));
    }
    deps.onHistoryChanged();
  };

  byId('add-site').addEventListener('click', () => void add());
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void add();
    }
  });

  return {
    show(sites) {
      list.replaceChildren(...sites.map((site) =>
        h('li', {},
          h('span', { class: 'site-name' }, site),
          h('button', {
            type: 'button',
            class: 'btn ghost small',
            'aria-label': t('removeSite', site),
            title: t('removeSite', site),
            onclick: () => void deps.save(deps.excluded().filter((s) => s !== site)),
          }, '×'))));
      empty.hidden = sites.length > 0;
    },
  };
}
