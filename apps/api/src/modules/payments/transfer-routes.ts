import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bankTransferEndpoints as endpoints, STATEMENT_MAX_BYTES } from '@ouvrage/contracts';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { cleanFileName, MALFORMED_MULTIPART_MESSAGE, sniffFileKind } from '../../lib/uploads';
import { callerOf } from '../../plugins/access-control';
import { registerRetention } from '../users';
import * as statements from './statements';
import * as repo from './transfer-repository';
import * as transfers from './transfers';

const ACCEPTED = 'Formats acceptés : CSV (export de votre banque) ou XML CAMT.053.';

/** The statement file of a multipart form, in memory (at most STATEMENT_MAX_BYTES): 413 / 415 / 400 in French. */
async function readStatementFile(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer; sha256: string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envoyez le relevé dans un formulaire multipart/form-data.');
  let part;
  try {
    part = await request.file({ limits: { fileSize: STATEMENT_MAX_BYTES, files: 1 } });
  } catch {
    throw new AppError('BAD_REQUEST', MALFORMED_MULTIPART_MESSAGE);
  }
  if (!part) throw new AppError('VALIDATION', 'Joignez le fichier du relevé.', { file: 'Joignez le fichier du relevé.' });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', `Le relevé dépasse ${STATEMENT_MAX_BYTES / (1024 * 1024)} Mo.`, {
        file: `Fichier trop volumineux (maximum ${STATEMENT_MAX_BYTES / (1024 * 1024)} Mo).`,
      });
    }
    throw new AppError('BAD_REQUEST', MALFORMED_MULTIPART_MESSAGE);
  }
  if (bytes.length === 0) throw new AppError('VALIDATION', 'Le fichier envoyé est vide.', { file: 'Le fichier est vide.' });
  // A PDF or an image is not a statement we can read: say which formats are.
  if (sniffFileKind(bytes) || bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Le fichier « ${cleanFileName(part.filename)} » n’est pas un relevé lisible. ${ACCEPTED}`, { file: ACCEPTED });
  }
  return { filename: cleanFileName(part.filename), bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Bank transfers (decision 0731): declaration, admin confirmation, statement import and matching. */
export async function transferRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Virements'];
  registerRetention(deps, { name: 'bank-statements', retains: repo.statementsNameUser });

  route(app, endpoints.transferInstructions, {
    tags,
    summary: 'Payer une facture par virement : IBAN, BIC, référence RF, virements déjà faits',
    handler: (r) => transfers.transferInstructions(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.declareTransfer, {
    tags,
    summary: 'Le client déclare avoir effectué le virement (paiement en attente)',
    handler: (r) => transfers.declareTransfer(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.pendingTransfers, {
    tags,
    summary: 'Virements déclarés en attente de confirmation (administrateur)',
    handler: (r) => transfers.listPendingTransfers(deps, r.query),
  });
  route(app, endpoints.confirmTransfer, {
    tags,
    summary: 'Confirmer la réception d’un virement sur la facture {id} (déclaré ou non, montant partiel possible)',
    handler: (r) => transfers.confirmTransfer(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.importStatement, {
    tags,
    summary: 'Importer un relevé bancaire (CSV ou CAMT.053) et proposer les rapprochements',
    handler: async (r) => statements.importStatement(deps, callerOf(r), await readStatementFile(r as unknown as FastifyRequest)),
  });
  route(app, endpoints.statementLines, {
    tags,
    summary: 'Lignes de relevé (à traiter par défaut) et leurs propositions',
    handler: (r) => statements.listStatementLines(deps, r.query),
  });
  route(app, endpoints.matchLine, {
    tags,
    summary: 'Confirmer le rapprochement d’une ligne de relevé avec une facture (paiement)',
    handler: (r) => statements.matchLine(deps, callerOf(r), r.params.id, r.body.invoice_id),
  });
  route(app, endpoints.ignoreLine, { tags, summary: 'Ignorer une ligne de relevé', handler: (r) => statements.ignoreLine(deps, callerOf(r), r.params.id) });
}
