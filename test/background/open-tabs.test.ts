import { describe, expect, it } from 'vitest';
import { oncePerSession, readOpenTabs, type OpenTab, type SessionFlag } from '../../src/background/open-tabs';
import { DEFAULT_SETTINGS, type Settings } from '../../src/settings';

const ARTICLE: OpenTab = { id: 1, url: 'https://news.example.com/story', incognito: false };

/** readOpenTabs with these tabs and settings; `hasScript` tabs answer the ping (inject resolves false), `refuses` ones cannot be scripted. */
async function run(tabs: OpenTab[], settings: Partial<Settings> = {}, { hasScript = [] as number[], refuses = [] as number[] } = {}) {
  const marked: number[] = [];
  const undone: number[] = [];
  const errors: unknown[] = [];
  const injected = await readOpenTabs({
    query: async () => tabs,
    loadSettings: async () => ({ ...DEFAULT_SETTINGS, ...settings }),
    inject: async (tabId) => {
      if (refuses.includes(tabId)) throw new Error('Cannot access contents of the page');
      return !hasScript.includes(tabId);
    },
    loadedEarlier: (tabId) => {
      marked.push(tabId);
      return () => undone.push(tabId);
    },
    onError: (error) => errors.push(error),
  });
  return { injected, marked, undone, errors };
}

describe('readOpenTabs: the pages open when the extension starts', () => {
  it.each<[string, OpenTab[], Partial<Settings>, number[]]>([
    ['an article tab is read', [ARTICLE], {}, [1]],
    ['every eligible tab', [ARTICLE, { ...ARTICLE, id: 2, url: 'http://blog.example.org/post' }], {}, [1, 2]],
    ['nothing with automatic mode off', [ARTICLE], { autoMode: false }, []],
    ['not an excluded site (nor its subdomains)', [ARTICLE, { ...ARTICLE, id: 2, url: 'https://www.example.org/' }], { excludedSites: ['example.org'] }, [1]],
    ['not an incognito tab', [{ ...ARTICLE, incognito: true }], {}, []],
    ['an incognito tab when recording incognito is allowed', [{ ...ARTICLE, incognito: true }], { recordIncognito: true }, [1]],
    ['not a discarded tab (it is read when loaded again)', [{ ...ARTICLE, discarded: true }], {}, []],
    ['not a tab whose address it may not see, nor a browser page', [{ ...ARTICLE, url: undefined }, { ...ARTICLE, id: 2, url: 'chrome://settings/' }, { ...ARTICLE, id: 3, url: 'file:///home/a.html' }], {}, []],
    ['not a tab without an id', [{ ...ARTICLE, id: undefined }], {}, []],
  ])('%s', async (_name, tabs, settings, expected) => {
    const { injected, marked } = await run(tabs, settings);
    expect(injected).toEqual(expected);
    expect(marked).toEqual(expected);
  });

  it('a tab that runs the content script already is not read again, and its mark is undone', async () => {
    const { injected, marked, undone } = await run([ARTICLE, { ...ARTICLE, id: 2 }], {}, { hasScript: [2] });
    expect(injected).toEqual([1]);
    expect(marked).toEqual([1, 2]);
    expect(undone).toEqual([2]);
  });

  it('a tab that refuses scripts (the web store) is skipped; the others are still read', async () => {
    const { injected, undone, errors } = await run([{ ...ARTICLE, id: 3 }, ARTICLE], {}, { refuses: [3] });
    expect(injected).toEqual([1]);
    expect(undone).toEqual([3]);
    expect(errors).toHaveLength(1);
  });
});

describe('oncePerSession: once per install, update, enable or browser start, not at each wake-up', () => {
  function memoryFlag(initially = false): SessionFlag & { value: boolean } {
    const flag = { value: initially, get: async () => flag.value, set: async () => void (flag.value = true) };
    return flag;
  }

  it('runs on the first start of a session, and concurrent calls share that run', async () => {
    const flag = memoryFlag();
    let runs = 0;
    const start = oncePerSession(flag, async () => runs++);
    await Promise.all([start(), start()]);
    expect(runs).toBe(1);
    expect(flag.value).toBe(true);
  });

  it('does not run again in a worker woken later in the same session', async () => {
    const flag = memoryFlag(true);
    let runs = 0;
    await oncePerSession(flag, async () => runs++)();
    expect(runs).toBe(0);
  });
});
