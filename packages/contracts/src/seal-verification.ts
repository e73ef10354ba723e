import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { sealVerificationLines } from './routes/seal-verification';

/**
 * The public verification page of sealed PDFs (decisions 0630–0634): anyone uploads a PDF and
 * learns whether the platform sealed it and whether it changed since.
 */
export const SEAL_VERIFICATION_MAX_BYTES = 20 * 1024 * 1024;

/** What the page shows: `verdict` drives the card's colour; `message` is the French summary. */
export const SEAL_VERDICTS = ['sealed', 'modified', 'not-ours'] as const;
export type SealVerdict = (typeof SEAL_VERDICTS)[number];

/** What the platform recorded when it sealed the document: its title and who signed when (decision 0635). */
export const sealedRecord = z.object({
  title: z.string(),
  signed_at: z.string().nullable(),
  signers: z.array(z.object({ name: z.string(), signed_at: z.string().nullable() })),
});
export type SealedRecord = z.infer<typeof sealedRecord>;

export const sealVerificationResult = z.object({
  sha256: z.string(),
  verdict: z.enum(SEAL_VERDICTS),
  sealed_by_platform: z.boolean(),
  unchanged: z.boolean(),
  covers_whole_file: z.boolean(),
  signed_at: z.string().nullable(),
  certificate_name: z.string().nullable(),
  reason: z.string().nullable(),
  location: z.string().nullable(),
  message: z.string(),
  /** The platform's record of this exact file, when it sealed it; null for any other file. */
  record: sealedRecord.nullable(),
});
export type SealVerificationResult = z.infer<typeof sealVerificationResult>;

/** A SHA-256 pasted on the page: 64 hexadecimal characters, any case, spaces around ignored. */
export const sha256Param = z.object({
  sha256: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'Une empreinte SHA-256 compte 64 caractères hexadécimaux (0-9, a-f).')
    .transform((v) => v.toLowerCase()),
});

/** The answer to a pasted SHA-256: the platform's record of the file, if it sealed one with that hash. */
export const sealHashResult = z.object({
  sha256: z.string(),
  found: z.boolean(),
  record: sealedRecord.nullable(),
  message: z.string(),
});
export type SealHashResult = z.infer<typeof sealHashResult>;

export const sealVerificationEndpoints = {
  verify: defineEndpoint({
    ...sealVerificationLines.verify,
    response: sealVerificationResult,
    status: 200,
    errors: [400, 413, 415, 429],
  }),
  byHash: defineEndpoint({
    ...sealVerificationLines.byHash,
    params: sha256Param,
    response: sealHashResult,
    errors: [400, 429],
  }),
};
