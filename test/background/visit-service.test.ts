import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChecker } from '../../src/background/page-checker';
import { MAX_SWAPPED_CHECKS_PER_SITE, RouteLimiter, SWAP_WINDOW_MS } from '../../src/background/route-limiter';
import type { TabReports } from '../../src/background/tab-reports';
import { VisitService, type TabInfo, type VisitServiceDeps } from '../../src/background/visit-service';
import type { ExtractedPage, PageReport } from '../../src/messaging';
import { DEFAULT_SETTINGS, type Settings } from '../../src/settings';
import { HistoryQuotaError, type History } from '../../src/store';
import { DAY, FP, clock, flipBits, freshHistory, page, specSign } from './fakes';

const TAB: TabInfo = { id: 7, incognito: false };
const ORIGINAL = 'https://news.example.com/story';
const COPY = 'https://copy.example.org/story';

let history: History;
let settings: Settings;
let reports: Map<number, PageReport>;
let badges: Array<[number, PageReport['status']]>;
let resets: number[];
let tabPage: ExtractedPage | null;
let service: VisitService;
/** What `service` was made with: a test needing one more dependency makes its own from these. */
let deps: VisitServiceDeps;
let time: ReturnType<typeof clock>;

beforeEach(async () => {
  time = clock();
  history = await freshHistory(time.now);
  settings = { ...DEFAULT_SETTINGS };
  reports = new Map();
  badges = [];
  resets = [];
  tabPage = null;
  const tabReports: TabReports = {
    get: async (id) => reports.get(id) ?? null,
    set: async (id, report) => void reports.set(id, report),
    remove: async (id) => void reports.delete(id),
    clear: async () => {
      const ids = [...reports.keys()];
      reports.clear();
      return ids;
    },
  };
  deps = {
    checker: new PageChecker({ history, now: time.now, sign: specSign }),
    loadSettings: async () => settings,
    tabReports,
    setBadge: async (tabId, report) => void badges.push([tabId, report.status]),
    resetBadge: async (tabId) => void resets.push(tabId),
    extractFromTab: async () => (tabPage ? { kind: 'page', page: tabPage } : { kind: 'skip', reason: 'no_article' }),
    // Every visit here is a page's own check; the limits have their own tests below.
    routes: { allow: () => true, forgetTab: () => {}, navigated: () => {} },
    now: time.now,
  };
  service = new VisitService(deps);
});

describe('VisitService.shouldCheck: which pages may be read', () => {
  it.each<[string, Partial<Settings>, TabInfo, string, boolean, PageReport['status'] | undefined]>([
    ['defaults', {}, TAB, ORIGINAL, true, undefined],
    ['automatic mode off', { autoMode: false }, TAB, ORIGINAL, false, 'off'],
    ['excluded site', { excludedSites: ['news.example.com'] }, TAB, ORIGINAL, false, 'excluded'],
    ['subdomain of an excluded site', { excludedSites: ['example.com'] }, TAB, ORIGINAL, false, 'excluded'],
    ['another site than the excluded one', { excludedSites: ['example.org'] }, TAB, ORIGINAL, true, undefined],
    ['incognito, not allowed', {}, { id: 7, incognito: true }, ORIGINAL, false, 'incognito'],
    ['incognito, allowed', { recordIncognito: true }, { id: 7, incognito: true }, ORIGINAL, true, undefined],
  ])('%s', async (_name, patch, tab, url, allowed, status) => {
    settings = { ...settings, ...patch };
    expect(await service.shouldCheck(url, tab)).toBe(allowed);
    expect(reports.get(tab.id)?.status).toBe(status);
    expect(badges).toEqual(status ? [[tab.id, status]] : []);
  });
});

describe('VisitService.visit', () => {
  it('records the page, publishes the report for the popup and sets the badge', async () => {
    const { report, showNotice } = await service.visit(page(ORIGINAL), TAB);
    expect(report.status).toBe('new');
    expect(showNotice).toBe(false);
    expect(reports.get(TAB.id)).toEqual(report);
    expect(badges).toEqual([[TAB.id, 'new']]);
    expect(await history.count()).toBe(1);
  });

  it.each([
    ['notices on', true, true],
    ['notices off', false, false],
  ])('a repost with %s → showNotice %s', async (_name, showNoticeSetting, expected) => {
    settings.showNotice = showNoticeSetting;
    await service.visit(page(ORIGINAL), TAB);
    time.advance(DAY);
    const { report, showNotice } = await service.visit(page(COPY), { id: 8, incognito: false });
    expect(report.status).toBe('repost');
    expect(showNotice).toBe(expected);
    expect(badges.at(-1)).toEqual([8, 'repost']);
  });

  it.each<[string, Partial<Settings>, TabInfo, PageReport['status']]>([
    ['the site was excluded meanwhile', { excludedSites: ['copy.example.org'] }, TAB, 'excluded'],
    ['automatic mode was turned off meanwhile', { autoMode: false }, TAB, 'off'],
    ['incognito', {}, { id: 7, incognito: true }, 'incognito'],
  ])('stores nothing when %s', async (_name, patch, tab, status) => {
    settings = { ...settings, ...patch };
    const { report, showNotice } = await service.visit(page(COPY), tab);
    expect(report).toMatchObject({ status, recorded: false, matches: [] });
    expect(showNotice).toBe(false);
    expect(await history.count()).toBe(0);
  });

  it('sets the badge before the visit is written, once when the write changes nothing it shows', async () => {
    await service.visit(page(ORIGINAL), TAB);
    time.advance(DAY);
    let release = (): void => {};
    const writing = new Promise<void>((resolve) => (release = resolve));
    const record = history.recordVisit.bind(history);
    history.recordVisit = async (input) => {
      await writing;
      return record(input);
    };
    badges = [];
    const visit = service.visit(page(COPY), { id: 8, incognito: false });
    await vi.waitFor(() => expect(badges).toEqual([[8, 'repost']]));
    expect(reports.get(8)).toBeUndefined();
    release();
    const { report } = await visit;
    expect(report).toMatchObject({ status: 'repost', recorded: true, visitCount: 1 });
    expect(reports.get(8)).toEqual(report);
    expect(badges).toEqual([[8, 'repost']]);
  });

  it('sets the badge again when the write finds the storage full', async () => {
    await service.visit(page(ORIGINAL), TAB);
    time.advance(DAY);
    history.recordVisit = async () => {
      throw new HistoryQuotaError(new DOMException('full', 'QuotaExceededError'));
    };
    badges = [];
    const { report } = await service.visit(page('https://other.example.net/new-story', { fp: flipBits(FP, 40) }), TAB);
    expect(report).toMatchObject({ status: 'new', storageFull: true });
    expect(badges).toEqual([[TAB.id, 'new'], [TAB.id, 'new']]);
  });

  it('passes k and the minimum length from the settings to the check', async () => {
    settings = { ...settings, minLength: { words: 1000, cjkChars: 3000 } };
    const { report } = await service.visit(page(ORIGINAL), TAB);
    expect(report.status).toBe('too_short');
  });
});

describe('VisitService.visit: only a real navigation is a new visit', () => {
  it.each<[string, (url: string) => Promise<unknown>, number]>([
    ['a navigation to the page adds a visit', (url) => service.visit(page(url), TAB), 2],
    ['a reload, back/forward or restored session (revisit) adds none', (url) => service.visit(page(url), TAB, { revisit: true }), 1],
    ['the late read of a tab open when the extension started adds none', (url) => {
      service.loadedEarlier(TAB.id, url);
      return service.visit(page(url), TAB);
    }, 1],
    ['a late read undone (the tab had its content script already) is a visit again', (url) => {
      service.loadedEarlier(TAB.id, url)();
      return service.visit(page(url), TAB);
    }, 2],
    ['a late read of another address in the tab is no excuse', (url) => {
      service.loadedEarlier(TAB.id, 'https://news.example.com/other');
      return service.visit(page(url), TAB);
    }, 2],
  ])('%s', async (_name, again, visits) => {
    await service.visit(page(ORIGINAL), TAB);
    time.advance(DAY);
    await again(ORIGINAL);
    const stored = await history.getByUrl(ORIGINAL);
    expect(stored?.visitCount).toBe(visits);
    expect(reports.get(TAB.id)).toMatchObject({ status: 'read_before', recorded: true, visitCount: visits });
  });

  it.each<[string, (url: string) => Promise<unknown>]>([
    ['a revisit', (url) => service.visit(page(url), TAB, { revisit: true })],
    ['a late read', (url) => {
      service.loadedEarlier(TAB.id, url);
      return service.visit(page(url), TAB);
    }],
  ])('%s of a page not in the history records it, with its first visit', async (_name, visit) => {
    await visit(ORIGINAL);
    expect((await history.getByUrl(ORIGINAL))?.visitCount).toBe(1);
    expect(reports.get(TAB.id)).toMatchObject({ status: 'new', recorded: true, visitCount: 1 });
  });

  // Firefox's background page runs all session; it hears of documents loaded before it started
  // (open tabs at install, update or enable) only from their content script, which Firefox injects.
  it.each<[string, boolean, number, number]>([
    ['Firefox: the first check of a document loaded before the background started adds none', true, -1, 1],
    ['Firefox: one loaded since adds one', true, 1, 2],
    ['Chromium: no start time (the worker starts many times), so the load time says nothing', false, -1, 2],
  ])('%s', async (_name, runsAllSession, loadedSinceStart, visits) => {
    await service.visit(page(ORIGINAL), TAB);
    time.advance(DAY);
    const startedAt = time.now();
    const restarted = new VisitService({ ...deps, ...(runsAllSession ? { startedAt } : {}) });
    await restarted.visit(page(ORIGINAL), TAB, { loadedAt: startedAt + loadedSinceStart });
    expect((await history.getByUrl(ORIGINAL))?.visitCount).toBe(visits);
  });

  it('a late read counts once: the tab\'s next check of the address is a visit', async () => {
    await service.visit(page(ORIGINAL), TAB);
    service.loadedEarlier(TAB.id, ORIGINAL);
    await service.visit(page(ORIGINAL), TAB);
    await service.visit(page(ORIGINAL), TAB);
    expect((await history.getByUrl(ORIGINAL))?.visitCount).toBe(2);
  });
});

describe('VisitService.checkTab: "Check this page"', () => {
  it('looks up an excluded site without recording it', async () => {
    await service.visit(page(ORIGINAL), TAB);
    settings = { ...settings, excludedSites: ['copy.example.org'], autoMode: false };
    tabPage = page(COPY);
    const report = await service.checkTab(9, false);
    expect(report).toMatchObject({ status: 'repost', recorded: false });
    expect(await history.count()).toBe(1);
    expect(reports.get(9)).toEqual(report);
  });

  it('records when asked, as a manual addition', async () => {
    tabPage = page(COPY);
    const report = await service.checkTab(9, true);
    expect(report).toMatchObject({ status: 'new', recorded: true, visitCount: 1 });
    expect(await history.getByUrl(COPY)).toMatchObject({ source: 'manual' });
  });

  it('reports a page without readable text', async () => {
    tabPage = null;
    await expect(service.checkTab(9, true)).resolves.toMatchObject({ status: 'no_article', recorded: false });
    expect(await history.count()).toBe(0);
  });

  it('fails when the tab cannot be read', async () => {
    const failing = new VisitService({
      checker: new PageChecker({ history, sign: specSign }),
      loadSettings: async () => settings,
      tabReports: { get: async () => null, set: async () => {}, remove: async () => {}, clear: async () => [] },
      setBadge: vi.fn(),
      resetBadge: vi.fn(),
      extractFromTab: async () => Promise.reject(new Error('Cannot access a chrome:// URL')),
      routes: { allow: () => true, forgetTab: () => {}, navigated: () => {} },
    });
    await expect(failing.checkTab(9, false)).rejects.toThrow(/chrome:/);
  });
});

describe('VisitService: per-tab reports', () => {
  it('returns the last report of a tab and forgets closed tabs', async () => {
    await service.visit(page(ORIGINAL), TAB);
    expect(await service.tabStatus(TAB.id)).toMatchObject({ status: 'new' });
    await service.forgetTab(TAB.id);
    expect(await service.tabStatus(TAB.id)).toBeNull();
  });

  it('after "clear all" forgets every report (they name history pages) and resets those tabs\' badges', async () => {
    await service.visit(page(ORIGINAL), TAB);
    time.advance(DAY);
    await service.visit(page(COPY), { id: 8, incognito: false });
    await service.forgetAllTabs();
    expect(reports.size).toBe(0);
    expect(resets.sort()).toEqual([7, 8]);
  });
});

describe('VisitService.skip: pages the content script did not read', () => {
  it.each<[string, 'too_large' | 'no_article', Partial<Settings>, PageReport['status']]>([
    ['too large', 'too_large', {}, 'too_large'],
    ['no article', 'no_article', {}, 'no_article'],
    ['excluded meanwhile: the exclusion is what the popup says', 'too_large', { excludedSites: ['news.example.com'] }, 'excluded'],
  ])('%s', async (_name, reason, patch, status) => {
    settings = { ...settings, ...patch };
    await service.skip(ORIGINAL, reason, TAB);
    expect(reports.get(TAB.id)).toMatchObject({ status, url: ORIGINAL, recorded: false, matches: [] });
    expect(badges).toEqual([[TAB.id, status]]);
    expect(await history.count()).toBe(0);
  });
});

describe('VisitService: content swapped in without a real navigation (probing)', () => {
  /** 30 candidate articles on one site: each a different text at a pushed address, none a real navigation. */
  const candidates = Array.from({ length: 30 }, (_, i) => page(`https://probe.example/c/${i}`, { fp: (0x1111111111111111n * BigInt(i % 15 + 1)).toString(16).padStart(16, '0').slice(-16) }));

  function limitedService(routes: RouteLimiter) {
    return new VisitService({
      checker: new PageChecker({ history, now: time.now, sign: specSign }),
      loadSettings: async () => settings,
      tabReports: { get: async () => null, set: async (id, report) => void reports.set(id, report), remove: async () => {}, clear: async () => [] },
      setBadge: async () => {},
      resetBadge: async () => {},
      extractFromTab: async () => ({ kind: 'skip', reason: 'no_article' }),
      routes,
      now: time.now,
    });
  }

  it(`a probe cycling 30 read articles in a minute learns the status of at most ${MAX_SWAPPED_CHECKS_PER_SITE} and adds at most ${MAX_SWAPPED_CHECKS_PER_SITE} pages`, async () => {
    // The user read every candidate before, elsewhere.
    for (const [i, candidate] of candidates.entries()) await new PageChecker({ history, now: time.now, sign: specSign }).check({ ...candidate, url: `https://news${i}.example/a` }, { maxDistance: 3, minLength: settings.minLength, record: true, source: 'visit' });
    const before = await history.count();
    time.advance(DAY);
    const routes = new RouteLimiter({ now: time.now });
    const probing = limitedService(routes);
    routes.navigated(TAB.id, 'https://probe.example/');
    await probing.visit(page('https://probe.example/'), TAB); // the page's own check, after its real load
    const statuses: string[] = [];
    for (const candidate of candidates) {
      time.advance(2_000);
      const { report, showNotice } = await probing.visit(candidate, TAB);
      statuses.push(report.status);
      if (report.status === 'rate_limited') expect({ matches: report.matches, visitCount: report.visitCount, showNotice }).toEqual({ matches: [], visitCount: 0, showNotice: false });
    }
    expect(statuses.filter((status) => status !== 'rate_limited')).toHaveLength(MAX_SWAPPED_CHECKS_PER_SITE);
    expect(await history.count()).toBe(before + 1 + MAX_SWAPPED_CHECKS_PER_SITE);
  });

  it('from several tabs of one site the limit is shared; another site has its own; a real navigation earns one check', async () => {
    const routes = new RouteLimiter({ now: time.now });
    const service = limitedService(routes);
    const status = async (url: string, tabId: number) => (await service.visit(page(url, { words: 5 }), { id: tabId, incognito: false })).report.status;
    for (let i = 0; i < MAX_SWAPPED_CHECKS_PER_SITE; i++) expect(await status(`https://app.example/r/${i}`, 1 + (i % 2))).toBe('too_short');
    expect(await status('https://app.example/r/x', 3)).toBe('rate_limited');
    expect(await status('https://m.app.example/r/y', 4)).toBe('rate_limited');
    expect(await status('https://other.example/r/1', 1)).toBe('too_short');
    routes.navigated(1, 'https://app.example/loaded');
    expect(await status('https://app.example/loaded', 1)).toBe('too_short');
    expect(await status('https://app.example/r/z', 1)).toBe('rate_limited');
    time.advance(SWAP_WINDOW_MS);
    expect(await status('https://app.example/r/later', 1)).toBe('too_short');
    expect(reports.get(1)?.status).toBe('too_short');
  });

  // Firefox: the background hears no navigations (no webNavigation permission), so the
  // content script's word tells a page's own check. Reading five articles of one site in a
  // minute was rate-limited there from the fourth on before it did.
  it.each<[string, boolean, string[]]>([
    ['where the content script\'s word is believed (Firefox), every page loaded is checked', true, ['too_short', 'too_short', 'too_short', 'too_short', 'too_short']],
    ['where navigations decide (Chromium), a claim alone earns nothing', false, ['too_short', 'too_short', 'too_short', 'rate_limited', 'rate_limited']],
  ])('%s', async (_name, trustLoadClaims, statuses) => {
    const service = limitedService(new RouteLimiter({ now: time.now, trustLoadClaims }));
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) seen.push((await service.visit(page(`https://news.example/${i}`, { words: 5 }), TAB, { ownLoad: true })).report.status);
    expect(seen).toEqual(statuses);
  });

  it('a trusted claim is still one check per load: swaps after it count against the site', async () => {
    const service = limitedService(new RouteLimiter({ now: time.now, trustLoadClaims: true }));
    const status = async (url: string, ownLoad: boolean) => (await service.visit(page(url, { words: 5 }), TAB, { ownLoad })).report.status;
    expect(await status('https://app.example/', true)).toBe('too_short');
    for (let i = 0; i < MAX_SWAPPED_CHECKS_PER_SITE; i++) expect(await status(`https://app.example/r/${i}`, false)).toBe('too_short');
    expect(await status('https://app.example/r/x', false)).toBe('rate_limited');
  });

  it('excluded sites stay "excluded" and use up nothing', async () => {
    settings = { ...settings, excludedSites: ['app.example'] };
    const routes = new RouteLimiter({ now: time.now });
    const service = limitedService(routes);
    for (let i = 0; i < 10; i++) expect((await service.visit(page(`https://app.example/r/${i}`), TAB)).report.status).toBe('excluded');
    expect(routes.allow(TAB.id, 'https://app.example/r/after')).toBe(true);
  });
});

describe('VisitService.markOwn: "This is my article" / "Not my article" in the popup', () => {
  const author = async (url: string) => (await history.getByUrl(url))?.source;

  it.each<[string, boolean, boolean, PageReport['own'], 'author' | 'visit' | undefined]>([
    ['a page read before becomes the user\'s', true, true, true, 'author'],
    ['a page not yet in the history is read from the tab and recorded as the user\'s', false, true, true, 'author'],
    ['"Not my article" takes it back', true, false, undefined, 'visit'],
  ])('%s', async (_name, visited, mine, own, source) => {
    tabPage = page(ORIGINAL);
    if (visited) await service.visit(page(ORIGINAL), TAB);
    else reports.set(TAB.id, { ...(await service.checkTab(TAB.id, false)) });
    if (!mine) await service.markOwn(TAB.id, true);

    const report = await service.markOwn(TAB.id, mine);
    expect(report.own).toBe(own);
    expect(reports.get(TAB.id)?.own).toBe(own);
    expect(await author(ORIGINAL)).toBe(source);
    expect(await history.count()).toBe(1);
  });

  it('a page the user marked stays theirs when they read it again, and its copy is named as theirs', async () => {
    await service.visit(page(ORIGINAL), TAB);
    await service.markOwn(TAB.id, true);
    time.advance(DAY);
    const again = await service.visit(page(ORIGINAL), TAB);
    expect(again.report).toMatchObject({ status: 'read_before', own: true });
    expect(await author(ORIGINAL)).toBe('author');

    const copy = await service.visit(page(COPY), { id: 8, incognito: false });
    expect(copy.report.matches[0]).toMatchObject({ url: ORIGINAL, source: 'author' });
  });
});

describe('VisitService: addresses of the user\'s sitemap', () => {
  const removed: string[] = [];
  const watchedService = () => new VisitService({
    checker: new PageChecker({ history, now: time.now, sign: specSign }),
    loadSettings: async () => settings,
    tabReports: { get: async (id) => reports.get(id) ?? null, set: async (id, report) => void reports.set(id, report), remove: async () => {}, clear: async () => [] },
    setBadge: async () => {},
    resetBadge: async () => {},
    extractFromTab: async () => ({ kind: 'page', page: page(ORIGINAL) }),
    routes: { allow: () => true, forgetTab: () => {}, navigated: () => {} },
    watched: { has: async (url) => url === ORIGINAL, remove: async (url) => void removed.push(url) },
    now: time.now,
  });

  it.each<[string, string, 'author' | 'visit' | 'manual', (s: VisitService) => Promise<unknown>]>([
    ['a watched address visited is recorded as the user\'s article', ORIGINAL, 'author', (s) => s.visit(page(ORIGINAL), TAB)],
    ['another address is an ordinary visit', COPY, 'visit', (s) => s.visit(page(COPY), TAB)],
    ['a watched address added from the popup is the user\'s too', ORIGINAL, 'author', (s) => s.checkTab(TAB.id, true)],
  ])('%s', async (_name, url, source, act) => {
    await act(watchedService());
    expect((await history.getByUrl(url))?.source).toBe(source);
  });

  it('"Not my article" also forgets the address, or the next visit would mark it again', async () => {
    const service = watchedService();
    await service.visit(page(ORIGINAL), TAB);
    await service.markOwn(TAB.id, false);
    expect(removed).toEqual([ORIGINAL]);
  });
});
