import { t } from '../../src/i18n';
import { HistoryQuotaError } from '../../src/store';

/** Why a change to the history failed, for the user: a full disk in their language, anything else as the browser said it. */
export function failureReason(error: unknown): string {
  if (error instanceof HistoryQuotaError) return t('storageFullReason');
  return error instanceof Error ? error.message : String(error);
}
