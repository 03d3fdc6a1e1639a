import { browser } from 'wxt/browser';
import { MessageError, type MessageSender } from '../messaging';
import type { HandlersFor } from '../protocol';
import type { CopiedPartsService } from './copied-parts';
import { htmlReader, type HtmlReader } from './html-reader';
import type { TabInfo, VisitService } from './visit-service';

/** The notice's "Notice settings" link lands on the settings tab of the options page. */
export const SETTINGS_PAGE = '/options.html#settings';

export interface HandlerHooks {
  openSettings?: () => Promise<unknown>;
  /** Runs after each automatic visit is recorded (e.g. retention). */
  afterVisit?: () => void;
  /** `chrome-extension://<id>/` (or `moz-extension://…`): where the extension's own pages live. */
  extensionOrigin?: string;
  /** Reads a page's article from its HTML, off the page (src/background/html-reader.ts). */
  readHtml?: HtmlReader;
  /** "Show copied parts" (copied-parts.ts); without it the popup's request finds no copy. */
  copiedParts?: Pick<CopiedPartsService, 'show' | 'hide'>;
}

const NO_COPIED_PARTS: Pick<CopiedPartsService, 'show' | 'hide'> = {
  show: async () => ({ kind: 'not_a_copy' }),
  hide: async () => ({ kind: 'hidden' }),
};

/**
 * The background's answers to each request, and who may ask. `listen` has
 * already refused other extensions and malformed messages; here the sender
 * must also be the right kind of context, because a content script runs in a
 * renderer that a hostile page may have compromised:
 *
 * - page requests come from the top frame of a tab, about that tab's own
 *   site (a content script cannot record or look up pages of other sites);
 * - popup and options requests, which read other tabs' reports or change the
 *   history, come only from the extension's own pages.
 */
export function backgroundHandlers(
  visits: VisitService,
  {
    openSettings = () => browser.tabs.create({ url: browser.runtime.getURL(SETTINGS_PAGE) }),
    afterVisit = () => {},
    extensionOrigin = browser.runtime.getURL('/'),
    readHtml = htmlReader(),
    copiedParts = NO_COPIED_PARTS,
  }: HandlerHooks = {},
): HandlersFor<'background'> {
  const fromExtensionPage = (sender: MessageSender) => {
    if (!sender.url?.startsWith(extensionOrigin)) throw new MessageError('this request is accepted only from the extension\'s own pages');
  };
  return {
    'should-check': async ({ url }, sender) => visits.shouldCheck(url, pageTab(sender, url)),
    'read-html': async ({ url, html }, sender) => {
      pageTab(sender, url);
      return readHtml(url, html);
    },
    visit: async ({ page, revisit, ownLoad, loadedAt }, sender) => {
      const response = await visits.visit(page, pageTab(sender, page.url), { revisit: revisit === true, ownLoad: ownLoad === true, loadedAt });
      afterVisit();
      return response;
    },
    skip: async ({ url, reason }, sender) => {
      await visits.skip(url, reason, pageTab(sender, url));
      return null;
    },
    'open-settings': async (_request, sender) => {
      pageTab(sender);
      await openSettings();
      return null;
    },
    'get-tab-status': async ({ tabId }, sender) => {
      fromExtensionPage(sender);
      return visits.tabStatus(tabId);
    },
    'check-tab': async ({ tabId, record }, sender) => {
      fromExtensionPage(sender);
      return visits.checkTab(tabId, record);
    },
    'check-text': async ({ text }, sender) => {
      fromExtensionPage(sender);
      return visits.checkText(text);
    },
    'mark-own': async ({ tabId, mine }, sender) => {
      fromExtensionPage(sender);
      return visits.markOwn(tabId, mine);
    },
    'copied-parts': async ({ tabId, show }, sender) => {
      fromExtensionPage(sender);
      return show ? copiedParts.show(tabId) : copiedParts.hide(tabId);
    },
    'history-cleared': async (_request, sender) => {
      fromExtensionPage(sender);
      await visits.forgetAllTabs();
      return null;
    },
  };
}

/**
 * The tab a content script speaks for. `aboutUrl` (the page it reports on)
 * must be on the sender's own site: the same origin as the sending document.
 */
function pageTab(sender: MessageSender, aboutUrl?: string): TabInfo {
  const id = sender.tab?.id;
  if (id === undefined || id < 0) throw new MessageError('page messages must come from a tab');
  if (sender.frameId !== undefined && sender.frameId !== 0) throw new MessageError('page messages must come from the top frame');
  if (aboutUrl !== undefined) {
    const claimed = originOf(aboutUrl);
    if (claimed === undefined || claimed !== originOf(sender.url)) throw new MessageError('a page may only report on its own site');
  }
  return { id, incognito: sender.tab?.incognito === true };
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
