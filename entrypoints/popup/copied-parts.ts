import { t } from '../../src/i18n';
import type { CopiedParts, PageReport } from '../../src/messaging';
import { sendMessage } from '../../src/protocol';
import { byId, externalLink, h } from '../../src/ui/dom';
import { namesEarlierPage } from '../../src/ui/match-text';

/**
 * "Show copied parts" for a page flagged as a copy (or a quote) (`copied-parts`): the
 * parts copied from the earlier article are highlighted on the page, and
 * the start of the first is shown beside the earlier article's excerpt. A
 * second click takes the highlight away. Only ever on the user's click
 * (docs/privacy.md).
 */
export function copiedPartsToggle(tabId: number) {
  const box = byId('copied');
  const button = byId<HTMLButtonElement>('copied-toggle');
  const note = byId('copied-note');
  const compare = byId('copied-compare');
  let shown = false;

  const say = (text: string | undefined) => {
    note.hidden = text === undefined;
    note.textContent = text ?? '';
  };
  const render = (parts: CopiedParts) => {
    shown = parts.kind === 'shown' && parts.result.highlighted > 0;
    button.textContent = t(shown ? 'copiedHide' : 'copiedShow');
    compare.replaceChildren();
    if (parts.kind === 'hidden') return say(undefined);
    if (parts.kind === 'not_a_copy') return say(t('copiedNone'));
    const { result } = parts;
    say(!result.supported ? t('copiedUnsupported') : result.highlighted > 0 ? t('copiedShown', String(result.highlighted)) : t('copiedNotFound'));
    compare.append(
      excerpt(t('copiedThisPage'), parts.passage, 'this'),
      excerpt(t('copiedEarlierPage'), parts.earlier.excerpt, 'earlier', externalLink(parts.earlier.url, parts.earlier.title || parts.earlier.url, 'match-title')),
    );
  };

  button.addEventListener('click', () => {
    button.disabled = true;
    sendMessage({ type: 'copied-parts', tabId, show: !shown })
      .then(render, () => say(t('copiedFailed')))
      .finally(() => {
        button.disabled = false;
      });
  });

  return {
    update(report: PageReport | null) {
      // Offered wherever the report names an earlier page: a repost, a partial copy or a quote holds parts of it.
      box.hidden = report === null || !namesEarlierPage(report.status);
      shown = false;
      button.textContent = t('copiedShow');
      compare.replaceChildren();
      say(undefined);
    },
  };
}

/** One side of the comparison: a heading, the source's title where it has one, the text cut short by CSS. */
function excerpt(heading: string, text: string, side: 'this' | 'earlier', source?: HTMLElement): HTMLElement {
  return h('figure', { class: `excerpt ${side}` },
    h('figcaption', {}, heading),
    source ?? null,
    h('blockquote', { dir: 'auto' }, text.trim()));
}
