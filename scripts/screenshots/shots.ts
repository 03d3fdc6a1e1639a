import type { Page } from 'playwright-core';
import type { UiLocale } from '../../test/e2e/support/browser';
import type { ScreenshotSession } from './session';

/** How a view is reached: from the session's browser, a page showing it, ready to be photographed. */
export type OpenView = (session: ScreenshotSession) => Promise<Page>;

/** What a fixture page is in a language's run (see `ARTICLES`). */
export type ArticleRole = 'fresh' | 'repost' | 'partial' | 'quote' | 'short';

/**
 * Every view the screenshots show, in the order one browser takes them: the
 * history before any page is visited, so it lists only the seeded pages and
 * their fixed dates. A new view is one entry here (e.g. a tab of the options
 * page: `reposts: (s) => s.options('#reposts')`), taken in both languages.
 */
export const VIEWS = {
  welcome: (s) => s.extensionPage('welcome.html', 'h1'),
  history: (s) => s.options('#history'),
  // The status line after "Export JSON" wrote the file (the save dialog answered as in the e2e tests).
  'history-exported': (s) => s.exported(),
  settings: (s) => s.options('#settings'),
  notice: async (s) => (await s.notice('repost')).page,
  'popup-new': (s) => s.popup('fresh'),
  'popup-repost': (s) => s.popup('repost'),
  'popup-partial': (s) => s.popup('partial'),
  'popup-quote': (s) => s.popup('quote'),
  // "Show copied parts" clicked: the popup, then the page with the copied parts highlighted.
  'popup-copied': async (s) => (await s.showCopiedParts('partial')).popup,
  'page-copied': async (s) => (await s.showCopiedParts('partial')).page,
  'popup-too-short': (s) => s.popup('short'),
  'popup-paste': (s) => s.pastedText(),
  // After the visits: the repost and the partial copy read above are what the tab finds.
  reposts: async (s) => {
    const page = await s.options('#reposts');
    await page.locator('#reposts-groups .repost-group').first().waitFor();
    return page;
  },
  // Last, as it marks the repost read above as the user's own: the seeded original is then its copy.
  'my-articles': async (s) => {
    await s.markOwn('repost');
    const page = await s.options('#mine');
    await page.locator('#mine-list > *').first().waitFor();
    return page;
  },
} satisfies Record<string, OpenView>;

export type View = keyof typeof VIEWS;

/** The UI supports prefers-color-scheme: dark (src/ui/base.css, notice.css); these views are also taken dark. */
export const DARK_VIEWS: readonly View[] = ['popup-repost', 'popup-copied', 'notice'];

/** The languages of the UI, with the short name the files carry. */
export const LANGUAGES: readonly { locale: UiLocale; suffix: string }[] = [
  { locale: 'en', suffix: 'en' },
  { locale: 'zh-CN', suffix: 'zh' },
];

/**
 * The fixture pages (test/e2e/fixtures) each language visits: articles in the
 * UI's language where the fixtures have one. There is no Chinese partial copy,
 * so the Chinese UI shows the English one.
 */
export const ARTICLES: Record<UiLocale, Record<ArticleRole, string>> = {
  en: { fresh: 'en-old-repost.html', repost: 'en-repost.html', partial: 'en-other-partial.html', quote: 'en-quote.html', short: 'short.html' },
  'zh-CN': { fresh: 'zh-hant-old-repost.html', repost: 'zh-repost.html', partial: 'en-other-partial.html', quote: 'zh-quote.html', short: 'short.html' },
};

/**
 * Roles read on another site than the others: a quote names only pages of
 * other sites (src/core/quote-sources.ts), and the repost read before
 * it is one.
 */
export const ON_SECOND_SITE: readonly ArticleRole[] = ['quote'];

/** The copy pasted into the popup's paste box: an article never visited in the run, so the list holds only seeded pages. */
export const PASTED: Record<UiLocale, string> = { en: 'en-other-repost.html', 'zh-CN': 'zh-other-repost.html' };

export interface Shot {
  /** The file's name in docs/screenshots, without `.png`: `<view>-<language>[-dark]`. */
  name: string;
  view: View;
  locale: UiLocale;
  colorScheme: 'light' | 'dark';
}

/** Every screenshot `npm run screenshots` writes: each view in each language, light, and dark for DARK_VIEWS. */
export const SHOTS: readonly Shot[] = LANGUAGES.flatMap(({ locale, suffix }) =>
  (Object.keys(VIEWS) as View[]).flatMap((view) => [
    { name: `${view}-${suffix}`, view, locale, colorScheme: 'light' as const },
    ...(DARK_VIEWS.includes(view) ? [{ name: `${view}-${suffix}-dark`, view, locale, colorScheme: 'dark' as const }] : []),
  ]),
);
