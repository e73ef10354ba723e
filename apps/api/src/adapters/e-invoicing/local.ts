import type { EInvoiceReceipt, EInvoiceSubmission, EInvoicingPlatform } from './types';

/**
 * The offline stand-in for a plateforme agréée: keeps what it was given in memory (tests read
 * `submissions`) and answers « deposited ». Nothing leaves the machine.
 */
export class LocalEInvoicingPlatform implements EInvoicingPlatform {
  readonly name = 'local';
  readonly submissions: EInvoiceSubmission[] = [];

  constructor(private readonly now: () => Date = () => new Date()) {}

  async submit(submission: EInvoiceSubmission): Promise<EInvoiceReceipt> {
    this.submissions.push(submission);
    return { platformId: `local-${this.submissions.length}-${submission.number}`, status: 'deposited', at: this.now() };
  }
}
