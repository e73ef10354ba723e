import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * The public verification page of sealed PDFs (decisions 0630–0634): anyone uploads a PDF and
 * learns whether the platform sealed it and whether it changed since.
 */
export const SEAL_VERIFICATION_MAX_BYTES = 20 * 1024 * 1024;

/** What the page shows: `verdict` drives the card's colour; `message` is the French summary. */
export const SEAL_VERDICTS = ['sealed', 'modified', 'not-ours'] as const;
export type SealVerdict = (typeof SEAL_VERDICTS)[number];

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
});
export type SealVerificationResult = z.infer<typeof sealVerificationResult>;

export const sealVerificationEndpoints = {
  verify: defineEndpoint({
    method: 'POST',
    path: '/api/verification-signature',
    response: sealVerificationResult,
    status: 200,
    errors: [400, 413, 415, 429],
    consumes: ['multipart/form-data'],
  }),
};
