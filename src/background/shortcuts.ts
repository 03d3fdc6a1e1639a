import { browser, type Browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { t } from '../i18n';
import { MAX_TEXT_CHARS, popupPagePath, selectionKey, type PopupRequest } from '../messaging';

/** The keyboard command's name in the manifest (wxt.config.ts). */
export const CHECK_PAGE_COMMAND = 'check-page';
/** Context-menu item ids. */
export const MENU_CHECK_PAGE = 'check-page';
export const MENU_CHECK_SELECTION = 'check-selection';

/** The tab a shortcut or menu click came from: what a tab beside it needs. */
export interface SourceTab {
  id?: number;
  index: number;
  windowId?: number;
}

export interface ShortcutDeps {
  /** Opens an extension page (a path after the extension's origin) in a new tab beside `source`. */
  openBeside: (path: string, source: SourceTab & { id: number }) => Promise<unknown>;
  /** Keeps a selected text in storage.session under selectionKey(id). */
  stash: (id: string, text: string) => Promise<void>;
  newId?: () => string;
}

export interface ShortcutActions {
  /** The keyboard shortcut and "Check this page with Déjà Lu". */
  checkPage(tab: SourceTab | undefined): Promise<void>;
  /** "Check selected text with Déjà Lu". */
  checkSelection(text: string | undefined, tab: SourceTab | undefined): Promise<void>;
}

/**
 * What the keyboard shortcut and the context menu do: open the popup page in
 * a tab beside the page (`popup.html?tabId=N`), which then does what its own
 * controls do, "Check this page" (`check-tab`) or the paste box's check of the
 * selected text (`check-text`). An extension cannot open its popup from them
 * in every supported browser, and a tab shows every verdict in full
 * (docs/decisions/0020-checks-without-the-mouse.md). The selection waits in
 * storage.session rather than in the address, which the browser's history
 * would keep.
 */
export function shortcutActions({ openBeside, stash, newId = () => crypto.randomUUID() }: ShortcutDeps): ShortcutActions {
  const open = (request: PopupRequest, tab: SourceTab & { id: number }) => openBeside(popupPagePath({ tabId: tab.id, ...request }), tab);
  return {
    async checkPage(tab) {
      if (!hasId(tab)) return;
      await open({ check: true }, tab);
    },
    async checkSelection(text, tab) {
      if (!hasId(tab) || !text) return;
      const id = newId();
      // The paste box holds as much (its maxlength); past it a selection is nobody's article.
      await stash(id, text.slice(0, MAX_TEXT_CHARS));
      await open({ selection: id }, tab);
    },
  };
}

function hasId(tab: SourceTab | undefined): tab is SourceTab & { id: number } {
  return tab?.id !== undefined && tab.id >= 0;
}

type Tab = Browser.tabs.Tab;

/** The parts of the browser the shortcuts use; tests pass a fake. */
export interface ShortcutApi {
  commands: { onCommand: { addListener(listener: (command: string, tab?: Tab) => void): void } };
  contextMenus: Pick<typeof browser.contextMenus, 'create' | 'removeAll'> & {
    onClicked: { addListener(listener: (info: Browser.contextMenus.OnClickData, tab?: Tab) => void): void };
  };
}

/**
 * Registers the keyboard command's and the context menu's listeners (at
 * once, as a restarted service worker needs them before its event is
 * dispatched) and creates the menu items, anew each time the background
 * starts: Chromium keeps them across restarts, Firefox's persistent
 * background page does not.
 */
export function registerShortcuts(
  { api = browser as unknown as ShortcutApi, actions = defaultActions(), logError = console.error }: { api?: ShortcutApi; actions?: ShortcutActions; logError?: (error: unknown) => void } = {},
): void {
  api.commands.onCommand.addListener((command, tab) => {
    if (command === CHECK_PAGE_COMMAND) void actions.checkPage(tab).catch(logError);
  });
  api.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === MENU_CHECK_PAGE) void actions.checkPage(tab).catch(logError);
    if (info.menuItemId === MENU_CHECK_SELECTION) void actions.checkSelection(info.selectionText, tab).catch(logError);
  });
  void createMenus(api.contextMenus).catch(logError);
}

async function createMenus(menus: ShortcutApi['contextMenus']): Promise<void> {
  await menus.removeAll();
  // Only web pages can be checked; the selected text of any page can.
  menus.create({ id: MENU_CHECK_PAGE, title: t('menuCheckPage'), contexts: ['page'], documentUrlPatterns: ['http://*/*', 'https://*/*'] });
  menus.create({ id: MENU_CHECK_SELECTION, title: t('menuCheckSelection'), contexts: ['selection'] });
}

function defaultActions(): ShortcutActions {
  return shortcutActions({
    openBeside: (path, source) => browser.tabs.create({
      url: `${browser.runtime.getURL('/')}${path.replace(/^\//, '')}`,
      index: source.index + 1,
      openerTabId: source.id,
      ...(source.windowId !== undefined ? { windowId: source.windowId } : {}),
    }),
    stash: (id, text) => storage.setItem(selectionKey(id), text),
  });
}
