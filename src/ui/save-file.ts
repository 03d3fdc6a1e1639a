import { h } from './dom';

/** Offers `blob` as a download named `filename`, from an extension page. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = h('a', { href: url, download: filename, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started reading the blob by the next task; release it after that.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
