import { formatCount, formatDateTime, formatPercent, t } from '../../src/i18n';
import { ExportFormatError, HistoryQuotaError, ImportIncompleteError, type History, type ImportProgress, type ImportReport } from '../../src/store';
import { byId, h } from '../../src/ui/dom';
import { saveTextFile } from '../../src/ui/save-file';
import { formatBytes } from './format-bytes';
import { digestInWorker } from './digest-in-worker';

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

  const exportJson = byId<HTMLButtonElement>('export-json');
  const exportCsv = byId<HTMLButtonElement>('export-csv');
  const exports = {
    json: { type: 'application/json', description: 'JSON', chunks: () => history.exportJson() },
    csv: { type: 'text/csv', description: 'CSV', chunks: () => history.exportCsv() },
  };
  const exportAs = async (kind: keyof typeof exports) => {
    const { chunks, ...format } = exports[kind];
    const filename = `deja-lu-history-${now().toISOString().slice(0, 10)}.${kind}`;
    exportJson.disabled = exportCsv.disabled = true;
    try {
      const outcome = await saveTextFile(chunks(), { filename, ...format }, (bytes) => show('info', t('exportProgress', formatBytes(bytes))));
      if (outcome.saved) show('info', t('exportDone', [filename, formatBytes(outcome.bytes)]));
      else status.hidden = true;
    } catch (error) {
      show('error', t('exportFailed', messageOf(error)));
    } finally {
      exportJson.disabled = exportCsv.disabled = false;
    }
  };
  exportJson.addEventListener('click', () => void exportAs('json'));
  exportCsv.addEventListener('click', () => void exportAs('csv'));

  importButton.addEventListener('click', () => fileInput.click());
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (!file) return;
    importButton.disabled = true;
    show('info', t('importing'));
    let bytes = 0;
    let progress: ImportProgress | undefined;
    // Redrawn at most once a frame however often the file and the import report.
    let drawing = false;
    const redraw = () => {
      if (drawing) return;
      drawing = true;
      requestAnimationFrame(() => {
        drawing = false;
        if (!importButton.disabled) return;
        // Floored, so it says 100% only once the whole file is read.
        const read = formatPercent(file.size > 0 ? Math.min(1, Math.floor((100 * bytes) / file.size) / 100) : 1);
        // An import writes a round's new pages before the round's records count as handled (store/import.ts), so entries handled are whichever is further.
        const handled = progress === undefined ? 0 : Math.max(progress.records, progress.imported + progress.updated + progress.unchanged + progress.rejected);
        const counts = [handled, progress?.imported ?? 0, progress?.updated ?? 0].map((n) => formatCount(n));
        // The last stage of a large import: every record is in, its pages are being indexed for look-ups.
        if (progress?.indexed !== undefined) show('info', t('importIndexing', [formatPercent(Math.floor(100 * progress.indexed) / 100), ...counts]));
        else show('info', t('importProgress', [read, ...counts]));
      });
    };
    try {
      const report = await history.importFile(file, {
        fileDigest: digestInWorker,
        onBytes: (n) => { bytes = n; redraw(); },
        onProgress: (p) => { progress = p; redraw(); },
      });
      importButton.disabled = false;
      show(report.rejectedCount > 0 ? 'error' : 'info', ...reportLines(report));
      onImported();
    } catch (error) {
      // Enabled before the message is shown, so a progress redraw already queued leaves it alone.
      importButton.disabled = false;
      showImportError(error);
      // Part of the file may be in the history now.
      if (error instanceof ImportIncompleteError) onImported();
    }
  });

  const showImportError = (error: unknown) => {
    if (error instanceof ImportIncompleteError) {
      // Whole batches before the failure are in the history; the message says which entries and how to finish.
      const { imported, updated, unchanged } = error.report;
      const counts = [error.savedRecords, imported, updated, unchanged].map((n) => formatCount(n));
      if (error.cause instanceof HistoryQuotaError) show('error', h('p', { class: 'banner-title' }, t('importQuotaIncomplete', formatCount(error.savedRecords))));
      else if (error.cause instanceof ExportFormatError) show('error', h('p', { class: 'banner-title' }, t('importDamaged', counts)), h('p', { class: 'banner-detail' }, messageOf(error.cause)));
      else show('error', h('p', { class: 'banner-title' }, t('importIncomplete', counts)), h('p', { class: 'banner-detail' }, messageOf(error.cause)));
      return;
    }
    // Failed before its first batch was written: the history is as it was.
    if (error instanceof HistoryQuotaError) show('error', h('p', { class: 'banner-title' }, t('importQuota')));
    else show('error', h('p', { class: 'banner-title' }, t('importFailed')), h('p', { class: 'banner-detail' }, messageOf(error)));
  };
}

function reportLines(report: ImportReport): Node[] {
  const lines: Node[] = [h('p', {}, t('importDone', [report.imported, report.updated, report.unchanged].map((n) => formatCount(n))))];
  if (report.alreadyImported !== undefined) lines.push(h('p', {}, t('importAlreadyDone', formatDateTime(report.alreadyImported))));
  if (report.rejectedCount > 0) {
    lines.push(
      h('p', {}, t('importRejected', formatCount(report.rejectedCount))),
      h('ul', { class: 'rejections' },
        ...report.rejected.slice(0, MAX_LISTED_REJECTIONS).map((r) => h('li', {}, `#${r.index + 1}${r.url ? ` (${r.url})` : ''}: ${r.reason}`)),
        report.rejectedCount > MAX_LISTED_REJECTIONS ? h('li', {}, '…') : null),
    );
  }
  return lines;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
