import type { TFunction } from 'i18next';
import type { SignatureDocumentKind } from '@ouvrage/domain';

/**
 * A signature document's name in the reader's language (issue 36 §4): a réception's PV by its kind
 * and its quote's label; a document whose title someone typed (a quote, a contract) by that title.
 */
export function documentTitle(t: TFunction, doc: { kind: SignatureDocumentKind; title: string; subject_label: string | null }): string {
  if (doc.kind === 'reception' && doc.subject_label) return t('documentTitles.reception', { label: doc.subject_label });
  return doc.title;
}
