import { browser } from 'wxt/browser';
import { localizeDom, pageLanguage, t } from '../../src/i18n';
import type { PageReport } from '../../src/messaging';
import { sendMessage } from '../../src/protocol';
import { byId } from '../../src/ui/dom';
import { reportView } from './report-view';
import { targetTabId } from './target-tab';
import '../../src/ui/base.css';
import './style.css';

async function main(): Promise<void> {
  document.title = t('extName');
  document.documentElement.lang = pageLanguage();
  localizeDom(document);

  const reportBox = byId('report');
  const check = byId<HTMLButtonElement>('check');
  const prompt = byId('record-prompt');
  const note = byId('popup-note');
  const tabId = await targetTabId();

  const show = (report: PageReport | null) => {
    reportBox.replaceChildren(reportView(report));
    // Checking is the main thing to do only while the page has no verdict.
    check.classList.toggle('primary', report === null);
  };
  const say = (text: string | undefined) => {
    note.hidden = text === undefined;
    note.textContent = text ?? '';
  };

  /** Extracts the page now and looks it up; `record` also adds it to the history. */
  const runCheck = async (record: boolean) => {
    check.disabled = true;
    check.textContent = t('checking');
    prompt.hidden = true;
    say(undefined);
    try {
      const report = await sendMessage({ type: 'check-tab', tabId, record });
      show(report);
      if (record) say(t('recorded'));
      // Offered only for pages not yet in the history that have text to record.
      else prompt.hidden = report.visitCount > 0 || report.status === 'no_article';
    } catch {
      say(t('checkFailed'));
    } finally {
      check.disabled = false;
      check.textContent = t('checkPage');
    }
  };

  byId('open-options').addEventListener('click', () => void browser.runtime.openOptionsPage().then(() => window.close()));
  check.addEventListener('click', () => void runCheck(false));
  byId('record-yes').addEventListener('click', () => void runCheck(true));
  byId('record-no').addEventListener('click', () => {
    prompt.hidden = true;
  });

  show(await sendMessage({ type: 'get-tab-status', tabId }));
}

void main();
