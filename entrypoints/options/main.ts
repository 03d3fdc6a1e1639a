import { localizeDom, pageLanguage, t } from '../../src/i18n';
import { sendMessage } from '../../src/protocol';
import { loadSettings, updateSettings, isSiteExcluded } from '../../src/settings';
import { openHistory } from '../../src/store';
import { byId } from '../../src/ui/dom';
import { initHistoryView } from './history-view';
import { findRepostsInWorker } from './reposts-in-worker';
import { initRepostsView } from './reposts-view';
import { initSettingsForm } from './settings-form';
import { initTabs } from './tabs';
import { initTransfer } from './transfer';
import { initMyArticles } from '../../src/watch/my-articles-view';
import { watchedUrls } from '../../src/watch/watched-urls';
import { saveFile } from '../../src/ui/save-file';
import '../../src/watch/my-articles.css';
import '../../src/ui/base.css';
import '../../src/ui/page.css';
import './style.css';

async function main(): Promise<void> {
  document.title = t('optionsTitle');
  document.documentElement.lang = pageLanguage();
  localizeDom(document);
  const reposts = initRepostsView({ find: findRepostsInWorker, loadSettings, download: saveFile });
  initTabs((panel) => {
    if (panel === 'reposts') reposts.show();
  });

  const history = await openHistory();
  const view = initHistoryView({
    history,
    loadSettings,
    estimateStorage: () => navigator.storage.estimate(),
    confirm: (message) => window.confirm(message),
    forgetReports: () => sendMessage({ type: 'history-cleared' }),
  });
  const mine = initMyArticles({ history, loadSettings, watched: watchedUrls(), onHistoryChanged: () => void view.refresh() });
  const refresh = () => {
    void view.refresh();
    void mine.refresh();
  };
  initTransfer({ history, onImported: refresh });
  await initSettingsForm(byId<HTMLFormElement>('settings-form'), {
    load: loadSettings,
    save: updateSettings,
    findSite: async (site) => {
      const belongs = (stored: string) => isSiteExcluded(stored, [site]);
      const ids = await history.pageIdsOfSites(belongs);
      return { count: ids.length, remove: () => history.deletePages(ids, belongs) };
    },
    confirm: (message) => window.confirm(message),
    onHistoryChanged: refresh,
  });
  await Promise.all([view.refresh(), mine.refresh()]);
}

void main();
