import { t } from '../../src/i18n';
import { MAX_SUPPORTED_DISTANCE } from '../../src/core/verdict';
import { RETENTION_CHOICES, type Settings } from '../../src/settings';
import { byId, h } from '../../src/ui/dom';
import { initExcludedSites, type ExcludedSitesDeps } from './excluded-sites';

export interface SettingsFormDeps extends Pick<ExcludedSitesDeps, 'findSite' | 'confirm' | 'onHistoryChanged'> {
  load(): Promise<Settings>;
  save(patch: Partial<Settings>): Promise<Settings>;
}

/** How long the "Saved" confirmation stays visible. */
const SAVED_FLASH_MS = 1_500;

/** The settings form: every control saves as soon as it changes. */
export async function initSettingsForm(form: HTMLFormElement, deps: SettingsFormDeps): Promise<void> {
  let settings = await deps.load();
  const saved = byId('settings-saved');
  let flashTimer: number | undefined;
  const save = async (patch: Partial<Settings>) => {
    settings = await deps.save(patch);
    fill();
    saved.hidden = false;
    clearTimeout(flashTimer);
    flashTimer = window.setTimeout(() => (saved.hidden = true), SAVED_FLASH_MS);
  };

  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const select = (name: string) => form.elements.namedItem(name) as HTMLSelectElement;

  select('maxDistance').replaceChildren(
    ...Array.from({ length: MAX_SUPPORTED_DISTANCE + 1 }, (_, k) =>
      h('option', { value: k }, k === 0 ? t('thresholdStrict') : k === MAX_SUPPORTED_DISTANCE ? t('thresholdDefault') : t('thresholdOption', String(k)))),
  );
  select('retentionDays').replaceChildren(
    ...RETENTION_CHOICES.map((days) => h('option', { value: days }, days === 0 ? t('retentionForever') : t('retentionDays', String(days)))),
  );

  const sites = initExcludedSites({
    excluded: () => settings.excludedSites,
    save: (excludedSites) => save({ excludedSites }),
    findSite: deps.findSite,
    confirm: deps.confirm,
    onHistoryChanged: deps.onHistoryChanged,
  });

  function fill(): void {
    input('autoMode').checked = settings.autoMode;
    input('showNotice').checked = settings.showNotice;
    input('showQuotes').checked = settings.showQuotes;
    select('maxDistance').value = String(settings.maxDistance);
    input('minCjkChars').value = String(settings.minLength.cjkChars);
    input('minWords').value = String(settings.minLength.words);
    select('retentionDays').value = String(settings.retentionDays);
    input('recordIncognito').checked = settings.recordIncognito;
    sites.show(settings.excludedSites);
  }

  const checkbox = (name: 'autoMode' | 'showNotice' | 'showQuotes' | 'recordIncognito') =>
    input(name).addEventListener('change', () => void save({ [name]: input(name).checked }));
  checkbox('autoMode');
  checkbox('showNotice');
  checkbox('showQuotes');
  checkbox('recordIncognito');
  select('maxDistance').addEventListener('change', () => void save({ maxDistance: Number(select('maxDistance').value) }));
  select('retentionDays').addEventListener('change', () => void save({ retentionDays: Number(select('retentionDays').value) as Settings['retentionDays'] }));
  for (const name of ['minCjkChars', 'minWords']) {
    input(name).addEventListener('change', () => {
      // Out-of-range values are put back to the stored ones by fill().
      void save({ minLength: { cjkChars: input('minCjkChars').valueAsNumber, words: input('minWords').valueAsNumber } });
    });
  }

  form.addEventListener('submit', (event) => event.preventDefault());

  fill();
}
