import type { SignatureDocumentRow } from './documents-repository';

/**
 * How a notification, an activity line or a signing screen names a signature document (issue 36
 * §4): a réception's PV by its kind and its quote's label, composed by the reader's language; a
 * document whose title someone typed (a quote's, an uploaded contract's) by that title.
 */
export function documentNameParams(
  doc: Pick<SignatureDocumentRow, 'kind' | 'title' | 'subjectLabel'>,
): { title: string } | { title_kind: 'reception'; label: string } {
  if (doc.kind === 'reception' && doc.subjectLabel) return { title_kind: 'reception', label: doc.subjectLabel };
  return { title: doc.title };
}
