import { t, type MessageKey } from '../i18n';

/**
 * A translated sentence whose first placeholder is a link, e.g. "Looks like a
 * repost of ⟨link⟩ (site)…". The link element is put where the translation
 * puts $1, so word order stays the translator's.
 */
export function linkedSentence(doc: Document, key: MessageKey, link: HTMLElement, rest: string[]): Node[] {
  const marker = '\u2063LINK\u2063';
  const [before = '', after = ''] = t(key, [marker, ...rest]).split(marker);
  return [doc.createTextNode(before), link, doc.createTextNode(after)];
}
