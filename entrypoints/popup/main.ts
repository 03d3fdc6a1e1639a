import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { localizeDom, pageLanguage, t } from '../../src/i18n';
import { MAX_TEXT_CHARS, readPopupRequest, selectionKey, type PageReport } from '../../src/messaging';
import { sendMessage } from '../../src/protocol';
import { byId } from '../../src/ui/dom';
import { copiedPartsToggle } from './copied-parts';
import { ownToggle } from './own-toggle';
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

  const own = ownToggle(tabId, (report) => show(report));
  const copied = copiedPartsToggle(tabId);
  const show = (report: PageReport | null) => {
    reportBox.replaceChildren(reportView(report));
    own.update(report);
    copied.update(report);
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
  const pasted = pasteBox();

  show(await sendMessage({ type: 'get-tab-status', tabId }));
  // Opened in a tab by the keyboard shortcut or the context menu (src/background/shortcuts.ts).
  const request = readPopupRequest(location.search);
  if (request.check) await runCheck(false);
  if (request.selection !== undefined) await pasted.checkSelection(request.selection);
}

/**
 * The paste box: any text, looked up in the background like a page's text
 * (`check-text`) and never recorded; the verdict and the earlier copies
 * appear under it, as for a page.
 */
function pasteBox() {
  const text = byId<HTMLTextAreaElement>('paste-text');
  const button = byId<HTMLButtonElement>('check-text');
  const note = byId('text-note');
  const result = byId('text-report');
  // The background refuses more (the cap on any text a message carries).
  text.maxLength = MAX_TEXT_CHARS;

  const run = async () => {
    button.disabled = true;
    button.textContent = t('checking');
    note.hidden = true;
    try {
      result.replaceChildren(reportView(await sendMessage({ type: 'check-text', text: text.value }), 'text'));
    } catch {
      result.replaceChildren();
      note.textContent = t('textCheckFailed');
      note.hidden = false;
    } finally {
      button.textContent = t('checkText');
      button.disabled = text.value.trim() === '';
    }
  };
  text.addEventListener('input', () => {
    button.disabled = text.value.trim() === '';
  });
  button.addEventListener('click', () => void run());

  return {
    /** "Check selected text": the selection the background left for this page, checked like a pasted one. */
    async checkSelection(id: string) {
      const selected = await storage.getItem<string>(selectionKey(id));
      if (selected === null) return;
      await storage.removeItem(selectionKey(id));
      text.value = selected;
      text.scrollIntoView({ block: 'nearest' });
      await run();
    },
  };
}

void main();
