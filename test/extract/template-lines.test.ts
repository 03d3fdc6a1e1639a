import { describe, expect, test } from 'vitest';
import { MAX_TEMPLATE_LINE_CHARS, trimTemplateLines } from '../../src/extract/template-lines';

const BODY = [
  '马金鹏（１４岁）：压岁钱是爷爷奶奶以及叔叔、姨姨给我们庆祝春节的，就是属于我们的，爸爸妈妈没有权利替我们做主。',
  '陈晓明（１２岁）：小时候，每年收到的“压岁钱”都会交给妈妈处理，主要购买了学习用品以及各种玩具。',
];
const EN = ['The river carried the last of the winter ice past the old mill, and the town came out to watch it go.'];
const text = (...paragraphs: string[]): string => paragraphs.join('\n\n');

describe('trimTemplateLines', () => {
  test.each([
    // cwc-bbdf5079 (fit half): the date-and-source line and the comment prompt over
    // the article, the source line under it.
    ['a date-and-source line and a comment prompt over the article',
      ['孩子：我的奶酪，谁做主', '2005-02-06 13:26更新 来源：转载文章', '发表评论', ...BODY],
      ['孩子：我的奶酪，谁做主', ...BODY]],
    ['a closing source line', [...BODY, '来源：新华网'], BODY],
    ['traditional characters', ['來源：中央社', ...BODY, '發表評論'], BODY],
    // cwc-d8d4c4ec (fit half): the editor label stays, the link back to the site goes.
    ['a link back to the front page', [...BODY, '返回搜狐，查看更多'], BODY],
    ['a share label and a click-through link', [...BODY, '分享到：', '点击查看更多精彩图片'], BODY],
    ['a related-reading heading and its list', [...BODY, '相关阅读：', '某地举行春节联欢会', '另一篇文章的标题'], BODY],
    // cwc-386d70f8 (fit half): the forum's crumbs over the title.
    ['navigation crumbs, the last item long',
      ['麻辣社区 → 错误信息 → [原创]朋友,请正确客观认识凉山、西昌！错误信息 【欢迎建立你的个人博客!】【全文搜索】', ...BODY], BODY],
    ['crumbs in English', ['Home > News > World', ...EN], EN],
    ['crumbs written with », the title after them stays', ['Home » Blog » 2024', 'The mill', ...EN], ['The mill', ...EN]],
  ])('dropped: %s', (_name, paragraphs, expected) => {
    expect(trimTemplateLines(text(...paragraphs))).toBe(text(...expected));
  });

  test.each([
    ['an editor line with a name', [...BODY, '责任编辑：孙重远']],
    ['a reporter’s byline', ['光明日报记者 王建宏 张文攀', ...BODY, '（记者 胡晓蓉）']],
    ['a label inside the prose', [BODY[0] as string, '据新华社报道，来源：国家统计局的数字显示，一月份全国居民消费价格同比上涨百分之零点九，环比上涨百分之零点四。', BODY[1] as string]],
    ['a label line between two paragraphs of prose', [BODY[0] as string, '来源：新华网', BODY[1] as string]],
    ['a line past the length of a template line', [...BODY, `来源：${'新华网'.repeat(MAX_TEMPLATE_LINE_CHARS)}`]],
    ['a single separator is no crumbs', ['Home » Blog', ...EN]],
    ['crumb items too long to be a site’s sections', ['The river that carried the ice > the town > its mill', ...EN]],
    ['a related heading inside the article', [BODY[0] as string, '相关新闻', BODY[1] as string]],
    ['a text with no prose at all', ['来源：新华网', '发表评论']],
  ])('kept: %s', (_name, paragraphs) => {
    expect(trimTemplateLines(text(...paragraphs))).toBe(text(...paragraphs));
  });

  test('the empty text stays empty', () => {
    expect(trimTemplateLines('')).toBe('');
  });
});
