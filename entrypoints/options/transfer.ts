import { t } from '../../src/i18n';
import { HistoryQuotaError, textChunks, type History, type ImportReport } from '../../src/store';
import { byId, h } from '../../src/ui/dom';

/** Rejected records listed under an import report; the rest are summarised by the count. */
const MAX_LISTED_REJECTIONS = 10;

export interface TransferDeps {
  history: History;
  now?: () => Date;
  /** The history changed (after an import). */
  onImported(): void;
}

/** Export (JSON and CSV downloads) and import (JSON, from this extension or `deja-lu import-file`). */
export function initTransfer({ history, now = () => new Date(), onImported }: TransferDeps): void {
  const status = byId('transfer-status');
  const fileInput = byId<HTMLInputElement>('import-file');
  const importButton = byId<HTMLButtonElement>('import-json');

  const show = (tone: 'info' | 'error', ...content: (Node | string)[]) => {
    status.hidden = false;
    status.className = `banner ${tone}`;
    status.replaceChildren(...content);
  };

  const exportAs = async (kind: 'json' | 'csv') => {
    try {
      const chunks = kind === 'json' ? history.exportJson() : history.exportCsv();
      const type = kind === 'json' ? 'application/json' : 'text/csv';
      await download(await collectBlob(chunks, type), `deja-lu-history-${now().toISOString().slice(0, 10)}.${kind}`);
    } catch (error) {
      show('error', t('exportFailed', messageOf(error)));
    }
  };
  byId('export-json').addEventListener('click', () => void exportAs('json'));
  byId('export-csv').addEventListener('click', () => void exportAs('csv'));

  importButton.addEventListener('click', () => fileInput.click());
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (!file) return;
    importButton.disabled = true;
    show('info', t('importing'));
    try {
      const report = await history.importJson(textChunks(file));
      show(report.rejected.length > 0 ? 'error' : 'info', ...reportLines(report));
      onImported();
    } catch (error) {
      // The store imports all or nothing: a failure leaves the history as it was.
      if (error instanceof HistoryQuotaError) show('error', h('p', { class: 'banner-title' }, t('importQuota')));
      else show('error', h('p', { class: 'banner-title' }, t('importFailed')), h('p', { class: 'banner-detail' }, messageOf(error)));
    } finally {
      importButton.disabled = false;
    }
  });
}

function reportLines(report: ImportReport): Node[] {
  const lines: Node[] = [h('p', {}, t('importDone', [String(report.imported), String(report.updated), String(report.unchanged)]))];
  if (report.rejected.length > 0) {
    lines.push(
      h('p', {}, t('importRejected', String(report.rejected.length))),
      h('ul', { class: 'rejections' },
        ...report.rejected.slice(0, MAX_LISTED_REJECTIONS).map((r) => h('li', {}, `#${r.index + 1}${r.url ? ` (${r.url})` : ''}: ${r.reason}`)),
        report.rejected.length > MAX_LISTED_REJECTIONS ? h('li', {}, '…') : null),
    );
  }
  return lines;
}

/**
 * Builds the file from the history's chunks as they come: the Blob holds
 * the parts, never one giant string.
 */
async function collectBlob(chunks: AsyncIterable<string>, type: string): Promise<Blob> {
  const parts: string[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return new Blob(parts, { type: `${type};charset=utf-8` });
}

async function download(blob: Blob, filename: string): Promise<void> {
  const url = URL.createObjectURL(blob);
  const link = h('a', { href: url, download: filename, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started reading the blob by the next task; release it after that.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
