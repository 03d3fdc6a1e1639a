import { describe, expect, it, vi } from 'vitest';
import { contentInjector, injectAfterLoad, NewDocuments, type CommitDetails, type NavigationDetails } from '../../src/background/content-injection';
import { MAX_LOAD_WAIT_MS } from '../../src/page-reading/load-wait';

describe('contentInjector: one content script per page', () => {
  it.each([
    ['a page that already runs it is left alone', async () => true, 0],
    ['a page that does not answer gets it', async () => Promise.reject(new Error('Receiving end does not exist.')), 1],
  ])('%s', async (_name, ping, injections) => {
    const inject = vi.fn(async () => undefined);
    await contentInjector({ ping, inject })(7);
    expect(inject).toHaveBeenCalledTimes(injections);
  });

  it('calls for a tab while one is under way share it (two copies would check the page twice)', async () => {
    const inject = vi.fn(async (_tabId: number, _documentId?: string) => undefined);
    const ensure = contentInjector({ ping: async () => Promise.reject(new Error('no receiver')), inject });
    await Promise.all([ensure(7), ensure(7), ensure(8)]);
    expect(inject.mock.calls.map(([tabId]) => tabId)).toEqual([7, 8]);
    await ensure(7);
    expect(inject).toHaveBeenCalledTimes(3);
  });

  it('reports a page that may not be scripted', async () => {
    const ensure = contentInjector({ ping: async () => Promise.reject(new Error('no receiver')), inject: async () => Promise.reject(new Error('Cannot access contents of the page')) });
    await expect(ensure(7)).rejects.toThrow(/Cannot access/);
  });
});

describe('contentInjector with NewDocuments: a document the worker saw commit is injected without a ping', () => {
  const commit = (documentId: string, more: Partial<CommitDetails> = {}): CommitDetails => ({ tabId: 7, frameId: 0, documentId, transitionQualifiers: [], ...more });

  it.each<[string, (documents: NewDocuments, ensure: (tabId: number, documentId?: string) => Promise<boolean>) => unknown, 'pinged' | 'not pinged']>([
    ['its commit seen: injected at once', (documents) => documents.committed(commit('d1')), 'not pinged'],
    ['its commit not seen (it loaded before the worker started)', () => undefined, 'pinged'],
    ['the tab committed another document since', (documents) => { documents.committed(commit('d1')); documents.committed(commit('d2')); }, 'pinged'],
    ['a back/forward navigation (the document may come from the back/forward cache, content script and all)', (documents) => documents.committed(commit('d1', { transitionQualifiers: ['forward_back'] })), 'pinged'],
    ['a commit in a subframe', (documents) => documents.committed(commit('d1', { frameId: 3 })), 'pinged'],
    ['a commit in another tab', (documents) => documents.committed(commit('d1', { tabId: 8 })), 'pinged'],
    ['the tab was injected since by tab alone (the popup, the open tabs at start)', async (documents, ensure) => { documents.committed(commit('d1')); await ensure(7); }, 'pinged'],
    ['the document was injected already', async (documents, ensure) => { documents.committed(commit('d1')); await ensure(7, 'd1'); }, 'pinged'],
    ['the tab was closed', (documents) => { documents.committed(commit('d1')); documents.forget(7); }, 'pinged'],
  ])('%s → %s', async (_name, before, expected) => {
    const documents = new NewDocuments();
    const ping = vi.fn(async () => Promise.reject(new Error('Receiving end does not exist.')));
    const inject = vi.fn(async () => undefined);
    const ensure = contentInjector({ ping, inject, newDocuments: documents });
    await before(documents, ensure);
    ping.mockClear();
    inject.mockClear();
    await expect(ensure(7, 'd1')).resolves.toBe(true);
    expect(ping.mock.calls.length > 0 ? 'pinged' : 'not pinged').toBe(expected);
    // Only that document, not whatever the tab shows by then.
    expect(inject.mock.calls).toEqual([[7, 'd1']]);
  });
});

/** webNavigation and tabs events the test fires, with timers it runs by hand. */
function browserEvents() {
  const listeners = new Map<string, ((details: NavigationDetails) => void)[]>();
  const filters: unknown[] = [];
  const event = (name: string) => ({
    addListener: (callback: (details: NavigationDetails) => void, filter?: unknown) => {
      listeners.set(name, [...(listeners.get(name) ?? []), callback]);
      filters.push(filter);
    },
  });
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let nextTimer = 1;
  const removed: ((tabId: number) => void)[] = [];
  const ensure = vi.fn(async (_tabId: number, _documentId?: string) => true);
  const newDocuments = new NewDocuments();
  injectAfterLoad(ensure, {
    newDocuments,
    onCommitted: event('committed'),
    onCompleted: event('completed'),
    onDOMContentLoaded: event('parsed'),
    onTabRemoved: { addListener: (callback) => removed.push(callback) },
    setTimer: (callback, ms) => {
      timers.set(nextTimer, { callback, ms });
      return nextTimer++;
    },
    clearTimer: (timer) => timers.delete(timer as number),
  });
  const fire = (name: string, details: NavigationDetails) => listeners.get(name)?.forEach((listener) => listener(details));
  return {
    ensure,
    filters,
    timers,
    newDocuments,
    committed: (tabId: number, frameId = 0) => fire('committed', { tabId, frameId, documentId: `doc-${tabId}` }),
    parsed: (tabId: number, frameId = 0) => fire('parsed', { tabId, frameId, documentId: `doc-${tabId}` }),
    completed: (tabId: number, frameId = 0) => fire('completed', { tabId, frameId, documentId: `doc-${tabId}` }),
    closeTab: (tabId: number) => removed.forEach((listener) => listener(tabId)),
    runTimers: () => [...timers.values()].forEach(({ callback }) => callback()),
  };
}

describe('injectAfterLoad: the content script enters a page once it has loaded, never before', () => {
  it('listens only to http(s) pages', () => {
    expect(browserEvents().filters).toEqual(Array(3).fill({ url: [{ schemes: ['http', 'https'] }] }));
  });

  it('a top frame that finished loading gets it at once; its DOM being parsed is not enough', () => {
    const events = browserEvents();
    events.parsed(4);
    expect(events.ensure).not.toHaveBeenCalled();
    events.completed(4);
    expect(events.ensure.mock.calls).toEqual([[4, 'doc-4']]);
    expect(events.timers.size).toBe(0);
  });

  it.each([
    ['noted when it commits', (events: ReturnType<typeof browserEvents>) => events.committed(4), true],
    ['forgotten when its tab is closed', (events: ReturnType<typeof browserEvents>) => { events.committed(4); events.closeTab(4); }, false],
    ['not noted for a subframe', (events: ReturnType<typeof browserEvents>) => events.committed(4, 2), false],
  ])('a tab\'s new document (injected without a ping) is %s', (_name, happen, isNew) => {
    const events = browserEvents();
    happen(events);
    expect(events.newDocuments.take(4, 'doc-4')).toBe(isNew);
  });

  it.each([
    ['a subframe', 4, 2],
    ['a frame of no tab', -1, 0],
  ])('%s is left alone', (_name, tabId, frameId) => {
    const events = browserEvents();
    events.parsed(tabId, frameId);
    events.completed(tabId, frameId);
    expect(events.ensure).not.toHaveBeenCalled();
    expect(events.timers.size).toBe(0);
  });

  it(`a page that never finishes loading gets it ${MAX_LOAD_WAIT_MS} ms after its DOM was parsed`, () => {
    const events = browserEvents();
    events.parsed(4);
    expect([...events.timers.values()].map((t) => t.ms)).toEqual([MAX_LOAD_WAIT_MS]);
    events.runTimers();
    expect(events.ensure.mock.calls).toEqual([[4, 'doc-4']]);
  });

  it.each([
    ['the tab navigates again (one wait per tab, the latest)', (events: ReturnType<typeof browserEvents>) => events.parsed(4), 1],
    ['the tab is closed', (events: ReturnType<typeof browserEvents>) => events.closeTab(4), 0],
  ])('the wait is dropped when %s', (_name, then, left) => {
    const events = browserEvents();
    events.parsed(4);
    then(events);
    expect(events.timers.size).toBe(left);
  });

  it('a page that may not be scripted is reported, not thrown', async () => {
    const onError = vi.fn();
    const completed: ((details: NavigationDetails) => void)[] = [];
    injectAfterLoad(async () => Promise.reject(new Error('Cannot access contents of the page')), {
      onCompleted: { addListener: (callback) => completed.push(callback) },
      onDOMContentLoaded: { addListener: () => undefined },
      onTabRemoved: { addListener: () => undefined },
      onError,
    });
    completed[0]?.({ tabId: 4, frameId: 0 });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Cannot access contents of the page' })));
  });
});
