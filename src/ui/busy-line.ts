/**
 * Work still running after this says so: a search of ~10,000 pages ends
 * sooner (0.2 s); one of 100,000 takes about a second and of a million about
 * six (bench/RESULTS.md, the History page), long enough to look stuck.
 */
export const BUSY_AFTER_MS = 400;

/**
 * Shows `text` in `line` once BUSY_AFTER_MS have passed; returns what cancels
 * that if the work ends sooner. The caller hides the line when its work ends,
 * unless newer work has taken the line over.
 */
export function showWhenSlow(line: HTMLElement, text: string): () => void {
  const timer = setTimeout(() => {
    line.textContent = text;
    line.hidden = false;
  }, BUSY_AFTER_MS);
  return () => clearTimeout(timer);
}
