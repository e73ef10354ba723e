import { z } from 'zod';
import { SIGN_CODE_LENGTH, SIGNATURE_DOCUMENT_KINDS, SIGNING_SESSION_STATUSES } from '@ouvrage/domain';
import { idParam } from './common';
import { defineEndpoint } from './endpoint';
import { signatureLines } from './routes/signature';

/**
 * The signer's e-mail code (issue 10, decisions 0620–0624): `{id}` is the quote's. Starting (or
 * asking again) mails a 6-digit code; the code turns the session `verified`, what the drawing step
 * needs next.
 */

export const signingSessionStatus = z.enum(SIGNING_SESSION_STATUSES);

export const signingSession = z.object({
  session_id: z.number().int(),
  /** The signature document the session signs (decision 0641); its quote, if it is a quote's. */
  document_id: z.number().int(),
  quote_id: z.number().int().nullable(),
  status: signingSessionStatus,
  /** Where the code was sent, partly masked (`j***@exemple.fr`); null once verified. */
  sent_to: z.string().nullable(),
  /** When the current code stops working; null once verified. */
  code_expires_at: z.string().nullable(),
  tries_left: z.number().int(),
  /**
   * Seconds, counted from this answer, before a new code may be asked (0: now). Seconds rather
   * than an instant, so that a phone whose clock is wrong still counts down right (decision 1200).
   */
  resend_in_s: z.number().int(),
});
export type SigningSession = z.infer<typeof signingSession>;

/**
 * Where the signer's code step stands when the signing page loads (issue 36 §3, decision 1200): the
 * session when a code was sent and is still valid — the page asks for it instead of offering to
 * send one — and the seconds before a new code may be asked.
 */
export const signingCodeState = z.object({
  pending_code: signingSession.nullable(),
  resend_in_s: z.number().int(),
});
export type SigningCodeState = z.infer<typeof signingCodeState>;

export const signCodeBody = z.object({
  code: z
    .string({ error: 'Le code est obligatoire.' })
    .trim()
    .regex(new RegExp(`^\\d{${SIGN_CODE_LENGTH}}$`), `Le code compte ${SIGN_CODE_LENGTH} chiffres.`),
});
export type SignCodeBody = z.infer<typeof signCodeBody>;

/** What the next step (the drawing) needs once the code is right. */
export const signingVerified = z.object({
  session_id: z.number().int(),
  document_id: z.number().int(),
  quote_id: z.number().int().nullable(),
  status: z.literal('verified'),
  /** The quote's label and title; null for a contract. */
  quote_label: z.string().nullable(),
  quote_title: z.string().nullable(),
  document_title: z.string(),
  document_kind: z.enum(SIGNATURE_DOCUMENT_KINDS),
  /** A réception PV's quote label: the web names it by kind in the reader's language (issue 36 §4); null otherwise. */
  subject_label: z.string().nullable(),
  /** SHA-256 of the original PDF the signer reads (lower-case hex), shown on the signing screen. */
  document_sha256: z.string(),
  /** The quote's reduced-TVA certification the signer confirms, or null when none applies. */
  reduced_tva_certification: z.string().nullable(),
});
export type SigningVerified = z.infer<typeof signingVerified>;

const errors = [400, 401, 403, 404, 409, 429] as const;

export const signatureEndpoints = {
  signingCodeState: defineEndpoint({ ...signatureLines.signingCodeState, params: idParam, response: signingCodeState, errors }),
  startSigning: defineEndpoint({ ...signatureLines.startSigning, params: idParam, response: signingSession, errors }),
  verifySignCode: defineEndpoint({ ...signatureLines.verifySignCode, params: idParam, body: signCodeBody, response: signingVerified, errors }),
};
