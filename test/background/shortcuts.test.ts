import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CHECK_PAGE_COMMAND, MENU_CHECK_PAGE, MENU_CHECK_SELECTION, registerShortcuts, shortcutActions, type ShortcutApi, type SourceTab } from '../../src/background/shortcuts';
import { MAX_TEXT_CHARS, readPopupRequest } from '../../src/messaging';
import { englishMessage } from '../support/english';

const TAB: SourceTab = { id: 12, index: 3, windowId: 2 };

/** The keyboard command and the context menu, with the browser's events played by hand. */
function setup() {
  const opened: Array<{ path: string; beside: SourceTab }> = [];
  const stashed = new Map<string, string>();
  const actions = shortcutActions({
    openBeside: async (path, beside) => void opened.push({ path, beside }),
    stash: async (id, text) => void stashed.set(id, text),
    newId: () => 'id-1',
  });
  let onCommand: Parameters<ShortcutApi['commands']['onCommand']['addListener']>[0] = () => {};
  let onClicked: Parameters<ShortcutApi['contextMenus']['onClicked']['addListener']>[0] = () => {};
  const created: unknown[] = [];
  const api: ShortcutApi = {
    commands: { onCommand: { addListener: (l) => (onCommand = l) } },
    contextMenus: {
      create: (properties) => (created.push(properties), properties?.id ?? 0),
      removeAll: async () => void created.splice(0),
      onClicked: { addListener: (l) => (onClicked = l) },
    },
  };
  const errors: unknown[] = [];
  registerShortcuts({ api, actions, logError: (error) => errors.push(error) });
  /** What the popup page opened for each event will do, read as it reads its address. */
  const requests = () => opened.map(({ path }) => ({ page: path.split('?')[0], ...readPopupRequest(path.slice(path.indexOf('?'))) }));
  return { onCommand: (...args: Parameters<typeof onCommand>) => onCommand(...args), onClicked: (...args: Parameters<typeof onClicked>) => onClicked(...args), opened, stashed, created, errors, requests };
}

const click = (menuItemId: string, selectionText?: string): Browser.contextMenus.OnClickData => ({ menuItemId, editable: false, ...(selectionText !== undefined ? { selectionText } : {}) }) as Browser.contextMenus.OnClickData;

describe('shortcuts: the keyboard command and the context menu', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    fakeBrowser.i18n.getMessage = englishMessage as typeof fakeBrowser.i18n.getMessage;
  });

  it('creates the two menu items, one for pages and one for selected text', async () => {
    const { created } = setup();
    await vi.waitFor(() => expect(created).toHaveLength(2));
    expect(created).toEqual([
      { id: MENU_CHECK_PAGE, title: 'Check this page with Déjà Lu', contexts: ['page'], documentUrlPatterns: ['http://*/*', 'https://*/*'] },
      { id: MENU_CHECK_SELECTION, title: 'Check selected text with Déjà Lu', contexts: ['selection'] },
    ]);
  });

  it.each<[string, (s: ReturnType<typeof setup>) => void, object[], Record<string, string>]>([
    ['the keyboard command checks the page, in the popup page beside it', (s) => s.onCommand(CHECK_PAGE_COMMAND, TAB as never), [{ page: '/popup.html', tabId: 12, check: true }], {}],
    ['"Check this page" in the menu does the same', (s) => s.onClicked(click(MENU_CHECK_PAGE), TAB as never), [{ page: '/popup.html', tabId: 12, check: true }], {}],
    ['"Check selected text" leaves the text for the popup page to check', (s) => s.onClicked(click(MENU_CHECK_SELECTION, 'Some selected words'), TAB as never), [{ page: '/popup.html', tabId: 12, selection: 'id-1' }], { 'id-1': 'Some selected words' }],
    ['a selection longer than any message may carry is cut to the cap', (s) => s.onClicked(click(MENU_CHECK_SELECTION, 'x'.repeat(MAX_TEXT_CHARS + 5)), TAB as never), [{ page: '/popup.html', tabId: 12, selection: 'id-1' }], { 'id-1': 'x'.repeat(MAX_TEXT_CHARS) }],
    ['another extension\'s command is not ours', (s) => s.onCommand('_execute_action', TAB as never), [], {}],
    ['no tab (a command with no browser window focused): nothing', (s) => s.onCommand(CHECK_PAGE_COMMAND, undefined), [], {}],
    ['a menu click outside a tab (tab id -1): nothing', (s) => s.onClicked(click(MENU_CHECK_PAGE), { ...TAB, id: -1 } as never), [], {}],
    ['no selected text: nothing', (s) => s.onClicked(click(MENU_CHECK_SELECTION, ''), TAB as never), [], {}],
  ])('%s', async (_name, act, requests, stashed) => {
    const s = setup();
    act(s);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(s.requests()).toEqual(requests);
    expect(Object.fromEntries(s.stashed)).toEqual(stashed);
    for (const { beside } of s.opened) expect(beside).toEqual(TAB);
    expect(s.errors).toEqual([]);
  });
});
