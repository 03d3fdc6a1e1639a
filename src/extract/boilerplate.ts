/**
 * Trailing boilerplate that Readability keeps because it sits inside the
 * article's container: a site's legal notice appended under every article
 * ("反侵权公告：…", "免责声明：…"), and template labels left without a value
 * ("责任编辑：" with no editor named). Text the site repeats under every
 * article is not part of any one of them, and it makes two unrelated
 * articles from one site look alike.
 *
 * Only the end of the text is touched, and only by patterns that name
 * themselves as notices: a byline, an editor's name or a source line stays.
 */
import { PARAGRAPH_SEPARATOR } from './article-text';

/**
 * A paragraph opening a notice section: a notice title (copyright, disclaimer,
 * infringement, legal, solemn/special, reposting + statement, notice or
 * explanation), in simplified or traditional characters, possibly in
 * brackets. Everything from it to the end of the text is the notice.
 */
const NOTICE_TITLE_SOURCE = String.raw`^[\s【[（(「『〖]*(?:版权|版權|免责|免責|反?侵权|反?侵權|法律|郑重|鄭重|特别|特別|转载|轉載)(?:声明|聲明|公告|说明|說明|须知|須知)`;
const NOTICE_TITLE = new RegExp(NOTICE_TITLE_SOURCE, 'u');

/**
 * Longest paragraph taken as the title line of a notice section, in code
 * units: "反侵权公告：" is 6, "【版权声明】" 6. A longer paragraph that merely
 * begins with such words is read as a notice only when a colon follows the
 * title ("免责声明：本文仅代表作者观点…"), the form of a one-paragraph notice.
 */
const NOTICE_TITLE_MAX_CHARS = 20;
const NOTICE_TITLE_COLON = new RegExp(String.raw`${NOTICE_TITLE_SOURCE}[】\]）)」』〗]?\s*[：:]`, 'u');

/**
 * Largest share of the text, in code units, that a notice cut may remove.
 * A notice is an appendix; when "it" would be most of the text, the page
 * is about the notice (a site's legal page) and is kept whole.
 */
const MAX_NOTICE_SHARE = 0.5;

/**
 * A label with an empty value: a short run of non-space characters ending in
 * a colon and nothing else ("责任编辑：", "标签:"). A template printed the
 * label and the page had no value for it.
 */
const EMPTY_LABEL = /^[^\s：:]{1,8}[：:]$/u;

/** `text` (paragraphs separated by {@link PARAGRAPH_SEPARATOR}) without trailing notices and empty labels. */
export function trimTrailingBoilerplate(text: string): string {
  const paragraphs = text.split(PARAGRAPH_SEPARATOR);
  while (paragraphs.length > 1 && EMPTY_LABEL.test(paragraphs[paragraphs.length - 1] as string)) paragraphs.pop();

  const total = paragraphs.reduce((sum, p) => sum + p.length, 0);
  let tail = 0;
  let cut = -1;
  for (let i = paragraphs.length - 1; i > 0; i--) {
    const paragraph = paragraphs[i] as string;
    tail += paragraph.length;
    if (tail > total * MAX_NOTICE_SHARE) break;
    if (isNoticeTitle(paragraph)) cut = i;
  }
  if (cut > 0) paragraphs.length = cut;
  return paragraphs.join(PARAGRAPH_SEPARATOR);
}

function isNoticeTitle(paragraph: string): boolean {
  if (!NOTICE_TITLE.test(paragraph)) return false;
  return paragraph.length <= NOTICE_TITLE_MAX_CHARS || NOTICE_TITLE_COLON.test(paragraph);
}
