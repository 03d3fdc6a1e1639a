/**
 * Lines a site's template prints above and below every article, which
 * Readability keeps when they sit in the article's container: a source
 * label ("来源：新华网"), a comment prompt, a link back to the site's front
 * page, a share label, a "related reading" list, and the navigation crumbs
 * over the title ("社区 → 版面 → 标题"). They belong to the
 * site, not the article: a repost elsewhere carries other ones, or none.
 * An editor's line ("责任编辑：孙重远") stays: the hand-cleaned Chinese pages
 * count it as the article's (docs/decisions/0033-template-lines-and-post-lists.md).
 *
 * Only the edges are touched: the short paragraphs before the first
 * paragraph of prose and after the last one. A label inside the article
 * ("据新华社报道，来源：…" in a sentence) is prose and stays; so does a
 * reporter's byline, which reposts copy with the story.
 */
import { PARAGRAPH_SEPARATOR } from './article-text';

/**
 * Longest paragraph, in code units, read as a template line. Labels are
 * short ("来源：新华网" 6, a date and source line 25); a paragraph past this
 * is prose and ends the edge.
 */
export const MAX_TEMPLATE_LINE_CHARS = 40;

/** Template labels and prompts, simplified and traditional, each with why it is not the article's. */
export const TEMPLATE_LABELS: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /(?:来源|來源|出处|出處)\s*[：:]/u, why: 'the source the site credits: a repost credits another or none' },
  { pattern: /(?:发表|發表|我要|网友|網友)(?:评论|評論)/u, why: "a prompt to the site's comment form" },
  { pattern: /返回.{0,8}(?:首页|首頁|查看更多)/u, why: "a link back to the site's front page" },
  { pattern: /(?:点击|點擊)(?:查看|进入|進入)/u, why: 'a "click to see" link to another page' },
  { pattern: /分享到/u, why: "the label of the site's share buttons" },
];

/**
 * A heading of the list of the site's other articles ("相关阅读"): it and
 * everything after it go, when it stands in the trailing edge.
 */
const RELATED_HEADING = /^[\s【[（(]*(?:相关|相關|延伸)(?:阅读|閱讀|新闻|新聞|文章|链接|鏈接)/u;

/**
 * Navigation crumbs: two or more arrows or angle quotes, each item before
 * the last one short (a site's, a section's name), the last the title.
 */
const CRUMB_SEPARATOR = /\s*(?:>>|＞＞|→|»|›|＞|>)\s*/u;
const MAX_CRUMB_ITEM_CHARS = 12;
const MIN_CRUMB_SEPARATORS = 2;

function isCrumbs(paragraph: string): boolean {
  const items = paragraph.split(CRUMB_SEPARATOR);
  if (items.length - 1 < MIN_CRUMB_SEPARATORS) return false;
  return items.slice(0, -1).every((item) => item.length > 0 && item.length <= MAX_CRUMB_ITEM_CHARS);
}

function isTemplateLine(paragraph: string): boolean {
  return paragraph.length <= MAX_TEMPLATE_LINE_CHARS && TEMPLATE_LABELS.some(({ pattern }) => pattern.test(paragraph));
}

/** `text` (paragraphs separated by {@link PARAGRAPH_SEPARATOR}) without template lines at its edges. */
export function trimTemplateLines(text: string): string {
  const paragraphs = text.split(PARAGRAPH_SEPARATOR);
  const isProse = (p: string): boolean => p.length > MAX_TEMPLATE_LINE_CHARS && !isCrumbs(p);
  const first = paragraphs.findIndex(isProse);
  if (first < 0) return text; // no prose at all: nothing to tell the edges from
  const last = paragraphs.findLastIndex(isProse);

  const related = paragraphs.findIndex((p, i) => i > last && RELATED_HEADING.test(p));
  const end = related > 0 ? related : paragraphs.length;
  const kept = paragraphs.filter((p, i) => {
    if (i >= end) return false;
    if (i < first) return !isTemplateLine(p) && !isCrumbs(p);
    return i <= last || !isTemplateLine(p);
  });
  return kept.join(PARAGRAPH_SEPARATOR);
}
