import { describe, expect, it } from 'vitest';
import { buildCdarStatus, type CdarStatusInput } from '@ouvrage/domain';
import { failedAsserts } from '../invoices/facturx-rules';

/**
 * The lifecycle statuses we write pass the French CDAR rules a plateforme applies (FNFE
 * France_RFE 1.4.0, BR-FR-CDV-*) with no fatal assert (issue 37 §1, decision 1211). No database:
 * the rules run on the XML alone.
 */
const invoice = { number: 'F-2026-0042', issueDate: '2026-10-30', sellerSiren: '123456789', buyerSiren: '987654321', typeCode: '380' };
const at = new Date('2026-11-20T14:05:09Z');

async function fatal(input: CdarStatusInput): Promise<string[]> {
  const asserts = await failedAsserts('cdar', buildCdarStatus(input));
  return asserts.filter((a) => a.flag === 'fatal').map((a) => `${a.id} — ${a.text}`);
}

describe('CDAR rules (BR-FR-CDV)', () => {
  it('accept our 212 « Encaissée » with its amounts per rate, and 210 « Refusée » with its reason', async () => {
    expect(
      await fatal({
        messageId: 'CDV-F-2026-0042-212-1',
        issuedAt: at,
        invoice,
        code: 212,
        senderRole: 'seller',
        paidByRate: [
          { amountCents: 240_000, vatRateBp: 2000 },
          { amountCents: 11_000, vatRateBp: 1000 },
        ],
      }),
    ).toEqual([]);
    expect(
      await fatal({
        messageId: 'CDV-F-2026-0042-210',
        issuedAt: at,
        invoice,
        code: 210,
        senderRole: 'buyer',
        reasonCode: 'MONTANTTOTAL_ERR',
        reason: 'Le total ne correspond pas au devis signé.',
      }),
    ).toEqual([]);
  });

  it('accept the statuses the fake plateforme sends (200, 202, 205, 213) and catch a broken message', async () => {
    expect(await fatal({ messageId: 'M-200', issuedAt: at, invoice, code: 200, senderRole: 'platform' })).toEqual([]);
    expect(await fatal({ messageId: 'M-202', issuedAt: at, invoice, code: 202, senderRole: 'platform' })).toEqual([]);
    expect(await fatal({ messageId: 'M-205', issuedAt: at, invoice, code: 205, senderRole: 'buyer' })).toEqual([]);
    expect(
      await fatal({ messageId: 'M-213', issuedAt: at, invoice, code: 213, senderRole: 'platform', reasonCode: 'REJ_SEMAN', reason: 'BR-FR-08_BT-23' }),
    ).toEqual([]);

    // The check itself can fail: a 212 without its rate, a refusal without a reason, a wrong phase.
    const paid = buildCdarStatus({ messageId: 'M', issuedAt: at, invoice, code: 212, senderRole: 'seller', amountCents: 100, vatRateBp: 2000 });
    const ids = async (xml: string) => (await failedAsserts('cdar', xml)).filter((a) => a.flag === 'fatal').map((a) => a.id);
    expect(await ids(paid.replace(/<ram:ValuePercent>[^<]*<\/ram:ValuePercent>/, ''))).toContain('BR-FR-CDV-14_MDT-207');
    const refused = buildCdarStatus({ messageId: 'M', issuedAt: at, invoice, code: 210, senderRole: 'buyer', reasonCode: 'DOUBLON' });
    expect(await ids(refused.replace(/<ram:ReasonCode>[^<]*<\/ram:ReasonCode>/, ''))).toContain('BR-FR-CDV-15_MDT-113');
    expect(await ids(paid.replace('<ram:TypeCode>23</ram:TypeCode>', '<ram:TypeCode>305</ram:TypeCode>'))).toContain('BR-FR-CDV-CL-03_MDT-40_305');
  });
});
