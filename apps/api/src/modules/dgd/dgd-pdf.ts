import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { originalPdf } from '../originals';
import { renderDgdPdf } from '../pdf';
import { signedSubjectPdf } from '../signature';
import { dgdNotFound, documentOf } from './dgd-views';
import * as repo from './repository';

/** The DGD rendered from the figures frozen when it was established (decision 1222), with the client's signature box. */
export async function renderDgd(deps: AppDeps, id: number) {
  const row = await repo.findDgd(deps.db, id);
  if (!row) throw dgdNotFound();
  const { pdf, signatureBox } = await renderDgdPdf({ number: row.number, document: documentOf(row), issuedAt: row.issuedAt });
  return { row, pdf, signatureBox, fileName: `dgd-${row.number}.pdf` };
}

/** `GET /api/dgd/{id}/pdf`: the sealed PDF once accepted, otherwise the original stored as issued. */
export async function dgdFile(deps: AppDeps, _caller: Caller, id: number): Promise<{ bytes: Buffer; name: string }> {
  const row = await repo.findDgd(deps.db, id);
  if (!row) throw dgdNotFound();
  const signed = await signedSubjectPdf(deps, 'dgd', id);
  if (signed) return signed;
  return { bytes: await originalPdf(deps, 'dgd', id), name: `dgd-${row.number}.pdf` };
}
