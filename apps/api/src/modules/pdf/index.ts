import type { QuoteDetail } from '@ouvrage/contracts';

/**
 * Placeholder of the PDF module's public entry until the renderer (another branch) is merged:
 * the lead replaces this file with the real one. Same signature, so callers compile unchanged.
 */
export interface QuotePdfInput {
  quote: QuoteDetail;
  logo: { bytes: Buffer; mime: string } | null;
  certificates: Array<{ kind: 'decennale' | 'rc_pro'; name: string; mime: string; bytes: Buffer }>;
  generatedAt: Date;
}

export async function renderQuotePdf(_input: QuotePdfInput): Promise<Buffer> {
  throw new Error('renderQuotePdf pas encore fusionné');
}
