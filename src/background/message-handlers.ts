import { browser } from 'wxt/browser';
import { MessageError, type Handlers, type MessageSender } from '../messaging';
import type { TabInfo, VisitService } from './visit-service';

/**
 * The background's answers to each request. Page requests must come from a
 * tab's content script; the popup's requests name the tab they are about.
 */
/** The notice's "Notice settings" link lands on the settings tab of the options page. */
export const SETTINGS_PAGE = '/options.html#settings';

export interface HandlerHooks {
  openSettings?: () => Promise<unknown>;
  /** Runs after each automatic visit is recorded (e.g. retention). */
  afterVisit?: () => void;
}

export function backgroundHandlers(
  visits: VisitService,
  { openSettings = () => browser.tabs.create({ url: browser.runtime.getURL(SETTINGS_PAGE) }), afterVisit = () => {} }: HandlerHooks = {},
): Handlers {
  return {
    'should-check': async ({ url }, sender) => visits.shouldCheck(url, senderTab(sender)),
    visit: async ({ page }, sender) => {
      const response = await visits.visit(page, senderTab(sender));
      afterVisit();
      return response;
    },
    'open-settings': async () => {
      await openSettings();
      return null;
    },
    'get-tab-status': async ({ tabId }) => visits.tabStatus(tabId),
    'check-tab': async ({ tabId, record }) => visits.checkTab(tabId, record),
  };
}

function senderTab(sender: MessageSender): TabInfo {
  const id = sender.tab?.id;
  if (id === undefined || id < 0) throw new MessageError('page messages must come from a tab');
  return { id, incognito: sender.tab?.incognito === true };
}
