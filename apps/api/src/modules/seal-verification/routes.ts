import type { FastifyInstance } from 'fastify';
import { SEAL_VERIFICATION_MAX_BYTES, sealVerificationEndpoints as endpoints } from '@ouvrage/contracts';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { findSealedRecord, verifySealedPdf } from '../signature';
import { platformSealIdentity } from './platform-seal';
import { hashVerdict, sealVerdict } from './verdict';
import { acceptUploads } from '../../lib/uploads';

/** A PDF starts with « %PDF- » within its first 1024 bytes (ISO 32000, readers' tolerance). */
const looksLikePdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes('%PDF-');

/** The public verification page of sealed PDFs (decision 0630). */
export async function sealVerificationRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const { deps } = app;
  route(app, endpoints.verify, {
    tags: ['Signature'],
    summary: 'Vérifier le cachet d’Ouvrage sur un PDF (multipart : file, 20 Mo au plus), sans connexion',
    config: { rateLimit: { max: deps.config.loginRateLimit, timeWindow: '1 minute' } },
    handler: async (request) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envoyez le PDF dans un formulaire multipart/form-data (champ file).');
      let bytes: Buffer | undefined;
      try {
        const file = await request.file({ limits: { fileSize: SEAL_VERIFICATION_MAX_BYTES, files: 1 } });
        bytes = await file?.toBuffer();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', 'Le fichier dépasse 20 Mo.', { file: 'Fichier trop volumineux (20 Mo au plus).' });
        throw new AppError('BAD_REQUEST', 'Le formulaire envoyé est mal formé : renvoyez le fichier PDF.');
      }
      if (!bytes?.length) throw new AppError('VALIDATION', 'Aucun fichier reçu.', { file: 'Choisissez un fichier PDF.' });
      if (!looksLikePdf(bytes)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Ce fichier n’est pas un PDF.', { file: 'Choisissez un fichier PDF.' });
      const identity = await platformSealIdentity(deps);
      let verification;
      try {
        verification = verifySealedPdf(bytes, identity.fingerprint);
      } catch {
        throw new AppError('BAD_REQUEST', 'Ce fichier PDF est illisible.', { file: 'Fichier PDF illisible.' });
      }
      const record = verification.sealedByPlatform ? await findSealedRecord(deps.db, verification.sha256) : null;
      return sealVerdict(verification, record);
    },
  });
  route(app, endpoints.byHash, {
    tags: ['Signature'],
    summary: 'Retrouver un document signé sur Ouvrage par l’empreinte SHA-256 de son PDF final, sans connexion',
    config: { rateLimit: { max: deps.config.loginRateLimit, timeWindow: '1 minute' } },
    handler: async (request) => hashVerdict(request.params.sha256, await findSealedRecord(deps.db, request.params.sha256)),
  });
}
