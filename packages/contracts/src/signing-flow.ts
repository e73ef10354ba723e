import { z } from 'zod';
import { SIGNATURE_DOCUMENT_KINDS, SIGNATURE_DOCUMENT_STATUSES, SIGNATURE_IMAGE_MAX_BYTES, SIGNER_STATUSES } from '@ouvrage/domain';
import { idParam } from './common';
import { defineEndpoint, type Endpoint } from './endpoint';
import type { SubjectSigningLines } from './route-lines';
import { signCodeBody, signingCodeState, signingSession, signingVerified } from './signature';
import { signatureLines } from './routes/signature';

/**
 * The built-in signature after the code (issue 10, decisions 0641–0648): the quote's client signs in
 * the app (`{id}` is the quote's), anyone else through their personal link (`{token}`).
 */

export const signatureTokenParam = z.object({ token: z.string().min(1).max(200, 'Lien invalide.') });

// A PNG as a data URL: base64 makes it 4/3 of the image's size.
const PNG_DATA_URL_MAX = Math.ceil((SIGNATURE_IMAGE_MAX_BYTES * 4) / 3) + 64;

export const signBody = z.object({
  image: z
    .string({ error: 'La signature est obligatoire.' })
    .max(PNG_DATA_URL_MAX, 'L’image de la signature est trop lourde.')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'La signature doit être une image PNG.'),
  mode: z.enum(['drawn', 'typed'], { error: 'Indiquez si la signature est dessinée ou saisie.' }),
  accepted: z.literal(true, { error: 'Cochez la case d’acceptation du document.' }),
  /** Required when the quote asks the reduced-TVA certification. */
  certified: z.boolean().optional(),
  /** The SHA-256 shown to the signer: the document they read is the one they sign. */
  document_sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Empreinte du document invalide.'),
});
export type SignBody = z.infer<typeof signBody>;

export const signResult = z.object({
  document_id: z.number().int(),
  document_status: z.enum(SIGNATURE_DOCUMENT_STATUSES),
  /** True once every signer signed and the final sealed PDF exists. */
  completed: z.boolean(),
});
export type SignResult = z.infer<typeof signResult>;

/** What the link screen shows before the code: whose document, for whom, where it stands. */
export const signatureLinkInfo = z.object({
  document_id: z.number().int(),
  kind: z.enum(SIGNATURE_DOCUMENT_KINDS),
  title: z.string(),
  /** A réception PV's quote label: the web names it by kind in the reader's language (issue 36 §4); null otherwise. */
  subject_label: z.string().nullable(),
  document_status: z.enum(SIGNATURE_DOCUMENT_STATUSES),
  signer_name: z.string(),
  signer_status: z.enum(SIGNER_STATUSES),
  /** The signer's session (code step), or null before the first code. */
  session_status: z.enum(['code_sent', 'verified', 'locked', 'completed']).nullable(),
  signers: z.array(z.object({ name: z.string(), status: z.enum(SIGNER_STATUSES) })),
  /** A code already sent and still valid, and when a new one may be asked (decision 1200). */
  code_state: signingCodeState,
});
export type SignatureLinkInfo = z.infer<typeof signatureLinkInfo>;

const errors = [400, 401, 403, 404, 409, 413, 429] as const;

export const signingFlowEndpoints = {
  signQuote: defineEndpoint({ ...signatureLines.signQuote, params: idParam, body: signBody, response: signResult, errors }),
  linkInfo: defineEndpoint({ ...signatureLines.linkInfo, params: signatureTokenParam, response: signatureLinkInfo, errors }),
  linkRequestCode: defineEndpoint({ ...signatureLines.linkRequestCode, params: signatureTokenParam, response: signingSession, errors }),
  linkVerifyCode: defineEndpoint({ ...signatureLines.linkVerifyCode, params: signatureTokenParam, body: signCodeBody, response: signingVerified, errors }),
  linkSign: defineEndpoint({ ...signatureLines.linkSign, params: signatureTokenParam, body: signBody, response: signResult, errors }),
};

const subjectErrors = [400, 401, 403, 404, 409, 429] as const;

type IdParam = typeof idParam;
/** The endpoints of a subject's signing lines, typed by their paths (`subjectSigningLines`). */
export interface SubjectSigningEndpoints<B extends string> {
  signingCodeState: Endpoint<'GET', `${B}/signature`, IdParam, undefined, undefined, typeof signingCodeState>;
  startSigning: Endpoint<'POST', `${B}/signature`, IdParam, undefined, undefined, typeof signingSession>;
  verifySignCode: Endpoint<'POST', `${B}/signature/code`, IdParam, undefined, typeof signCodeBody, typeof signingVerified>;
  sign: Endpoint<'POST', `${B}/signature/signer`, IdParam, undefined, typeof signBody, typeof signResult>;
}

/**
 * The JSON endpoints of a record signed in the app (decision 0720: a réception's PV, an avenant, a
 * DGD), from its `subjectSigningLines`: the same schemas for every subject. The PDF to sign
 * (`signingDocument`) is a file route, registered from its line.
 */
export function subjectSigningEndpoints<const B extends string>(lines: SubjectSigningLines<B>): SubjectSigningEndpoints<B> {
  const errors = subjectErrors;
  const endpoints = {
    signingCodeState: defineEndpoint({ ...lines.signingCodeState, params: idParam, response: signingCodeState, errors } as never),
    startSigning: defineEndpoint({ ...lines.startSigning, params: idParam, response: signingSession, errors } as never),
    verifySignCode: defineEndpoint({ ...lines.verifySignCode, params: idParam, body: signCodeBody, response: signingVerified, errors } as never),
    sign: defineEndpoint({ ...lines.sign, params: idParam, body: signBody, response: signResult, errors: [...errors, 413] } as never),
  };
  return endpoints as unknown as SubjectSigningEndpoints<B>;
}
