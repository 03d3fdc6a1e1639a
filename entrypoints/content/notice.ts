import { browserLocalizer, formatPercent, t } from '../../src/i18n';
import type { PageReport } from '../../src/messaging';
import { sendMessage } from '../../src/protocol';
import { firstPublishedLine } from '../../src/ui/first-published';
import { linkedSentence } from '../../src/ui/linked-sentence';
import { isLinkable, isOwnArticle, matchScore, noticeSentence } from '../../src/ui/match-text';
import noticeCss from './notice.css?inline';

/** The in-page notice shown on a repost. */
export interface Notice {
  show(report: PageReport): void;
  hide(): void;
}

/** Titles longer than this are cut with an ellipsis so the notice stays small. */
export const MAX_TITLE_IN_NOTICE = 90;
/**
 * Times the notice puts itself back after a page script removed or closed
 * it. A page that keeps fighting wins after that, rather than the two
 * looping forever and freezing the tab.
 */
export const MAX_RESTORES = 3;
const HOST_TAG = 'deja-lu-notice';

/**
 * The notice lives in a closed shadow root: the page's scripts cannot read
 * what the user read before. Its styles reset the host with !important,
 * which outranks even the page's !important rules and inline styles (in the
 * cascade, important declarations of the inner, shadow context win), and it
 * sits in the top layer (a manual popover), above any z-index and outside
 * the page's transforms, opacity and overflow clipping.
 */
export function createNotice(doc: Document = document): Notice {
  let host: HTMLElement | undefined;
  let stopGuard: (() => void) | undefined;
  const hide = () => {
    stopGuard?.();
    stopGuard = undefined;
    host?.remove();
    host = undefined;
  };
  return {
    hide,
    show(report) {
      hide();
      const match = report.matches[0];
      if (!match) return;
      host = doc.createElement(HOST_TAG);
      const shadow = host.attachShadow({ mode: 'closed' });
      const style = doc.createElement('style');
      style.textContent = noticeCss;
      shadow.append(style, noticeCard(doc, report, hide));
      doc.documentElement.append(host);
      raise(host);
      stopGuard = guard(doc, host);
    },
  };
}

/** Browsers without the Popover API (before Chrome 114, Firefox 125) keep the notice at the highest z-index instead. */
function hasPopover(host: HTMLElement): boolean {
  return typeof host.showPopover === 'function';
}

function raise(host: HTMLElement): void {
  if (!hasPopover(host)) return;
  host.popover = 'manual';
  if (!host.matches(':popover-open')) host.showPopover();
}

/** Puts the notice back when a page script removes it, closes its popover or strips its attributes. */
function guard(doc: Document, host: HTMLElement): () => void {
  let restores = 0;
  const intact = () => host.parentNode === doc.documentElement && (!hasPopover(host) || host.matches(':popover-open'));
  const restore = () => {
    if (intact()) return;
    if (restores >= MAX_RESTORES) {
      stop();
      return;
    }
    restores += 1;
    if (host.parentNode !== doc.documentElement) doc.documentElement.append(host);
    raise(host);
  };
  const observer = new MutationObserver(restore);
  observer.observe(doc.documentElement, { childList: true });
  observer.observe(host, { attributes: true });
  // Closing the popover (hidePopover) changes no attribute; it fires "toggle".
  host.addEventListener('toggle', restore);
  const stop = () => {
    observer.disconnect();
    host.removeEventListener('toggle', restore);
  };
  return stop;
}

/** The notice's content for a flagged report (exported for tests). */
export function noticeCard(doc: Document, report: PageReport, hide: () => void): HTMLElement {
  const match = report.matches[0]!;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
    const node = doc.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  // A copy of the user's own article looks different at a glance: its own colour and a tag.
  const own = isOwnArticle(match);
  const root = el('section', own ? 'card own' : 'card');
  root.setAttribute('role', 'status');
  root.setAttribute('aria-label', t('extName'));

  const head = el('div', 'head');
  const brand = el('span', 'brand', t('extName'));
  const close = el('button', 'close', '×');
  close.type = 'button';
  close.title = t('dismiss');
  close.setAttribute('aria-label', t('dismiss'));
  close.addEventListener('click', hide);
  if (own) brand.append(' ', el('span', 'own-tag', t('yourArticle')));
  head.append(brand, close);

  const linkable = isLinkable(match.url);
  const title = linkable ? el('a', 'title-link', shorten(match.title || match.url)) : el('strong', 'title', shorten(match.title || match.url));
  // A bidi isolate: override characters in a page's title cannot reorder the sentence around it.
  title.dir = 'auto';
  if (title instanceof HTMLAnchorElement) setExternal(title, match.url);
  const { key, rest } = noticeSentence(match, browserLocalizer);
  const message = el('p', 'message');
  message.append(...linkedSentence(doc, key, title, rest));

  const meta = el('p', 'meta', matchScore(match, browserLocalizer, formatPercent, 'long'));
  root.append(head, message, meta);

  const first = firstPublishedLine(report);
  if (first) root.append(el('p', 'first', first));
  // Every copy found counts, also those past the report's capped list.
  if (report.matchCount > 1) root.append(el('p', 'more', t('moreMatches', String(report.matchCount - 1))));

  const actions = el('div', 'actions');
  if (linkable) {
    const open = el('a', 'button', t(own ? 'openYourArticle' : 'openEarlier'));
    setExternal(open, match.url);
    actions.append(open);
  }
  const settings = el('button', 'link', t('noticeSettings'));
  settings.type = 'button';
  settings.addEventListener('click', () => void sendMessage({ type: 'open-settings' }));
  actions.append(settings);
  root.append(actions);

  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hide();
  });
  return root;
}

function setExternal(link: HTMLAnchorElement, url: string): void {
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
}

function shorten(title: string): string {
  return title.length <= MAX_TITLE_IN_NOTICE ? title : `${title.slice(0, MAX_TITLE_IN_NOTICE - 1).trimEnd()}…`;
}
