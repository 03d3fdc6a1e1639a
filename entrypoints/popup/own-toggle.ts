import { t } from '../../src/i18n';
import type { PageReport } from '../../src/messaging';
import { sendMessage } from '../../src/protocol';
import { byId } from '../../src/ui/dom';

/** Pages with no article to read: nothing to mark. */
const UNREADABLE: ReadonlySet<PageReport['status']> = new Set(['no_article', 'too_large']);

/**
 * "This is my article" / "Not my article" for the tab's page (`mark-own`):
 * a copy of a page marked so is then flagged as a copy of the user's
 * article, and listed under My articles. Offered for any web page with an
 * article the popup has a report on.
 */
export function ownToggle(tabId: number, onChanged: (report: PageReport) => void) {
  const box = byId('own');
  const note = byId('own-note');
  const button = byId<HTMLButtonElement>('own-toggle');
  let mine = false;

  button.addEventListener('click', () => {
    button.disabled = true;
    sendMessage({ type: 'mark-own', tabId, mine: !mine })
      .then(onChanged, () => {
        note.textContent = t('ownFailed');
        note.hidden = false;
      })
      .finally(() => {
        button.disabled = false;
      });
  });

  return {
    update(report: PageReport | null) {
      mine = report?.own === true;
      box.hidden = report === null || !/^https?:\/\//i.test(report.url) || UNREADABLE.has(report.status);
      note.textContent = t('ownMarked');
      note.hidden = !mine;
      button.textContent = t(mine ? 'ownUnmark' : 'ownMark');
    },
  };
}
