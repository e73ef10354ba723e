import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildCdarStatus,
  CDAR_REASONS_BY_STATUS,
  CDAR_STATUS_CODES,
  CdarParseError,
  cdarPhase,
  parseCdar,
  type CdarRole,
  type CdarStatusCode,
  type CdarStatusInput,
} from '../src';

/** Lifecycle status messages (CDAR, issue 37 §1, decision 1211): written, then read back. */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
const invoice = { number: 'F-2026-0001', issueDate: '2026-09-30', sellerSiren: '123456789', buyerSiren: '987654321' };
const at = new Date('2026-10-05T09:30:00Z');

describe('buildCdarStatus', () => {
  it('writes 212 « Encaissée » with one MEN line per TVA rate (amount and rate, BR-FR-CDV-14)', () => {
    const xml = buildCdarStatus({
      messageId: 'CDV-F-2026-0001-212',
      issuedAt: at,
      invoice,
      code: 212,
      senderRole: 'seller',
      paidByRate: [
        { amountCents: 120_000, vatRateBp: 2000 },
        { amountCents: 5_505, vatRateBp: 550 },
      ],
    });
    expect(xml).toContain('<ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID>');
    expect(xml).toContain('<ram:TypeCode>23</ram:TypeCode>');
    expect(xml).toContain('<ram:ProcessConditionCode>212</ram:ProcessConditionCode>');
    expect(xml).toContain('<ram:ValueAmount currencyID="EUR">1200.00</ram:ValueAmount>');
    expect(xml).toContain('<ram:ValueAmount currencyID="EUR">55.05</ram:ValueAmount>');
    expect(xml).toContain('<ram:ValuePercent>5.50</ram:ValuePercent>');
    expect(xml).toContain('<qdt:DateTimeString format="102">20260930</qdt:DateTimeString>');
    expect(xml).toContain('<udt:DateTimeString format="204">20261005093000</udt:DateTimeString>');
    const read = parseCdar(xml);
    expect(read).toMatchObject({ messageId: 'CDV-F-2026-0001-212', invoiceNumber: 'F-2026-0001', code: 212, senderRole: 'seller', amountCents: 125_505 });
    expect(read.at.toISOString()).toBe(at.toISOString());
  });

  it('writes a transmission status from the plateforme (305, sender and issuer WK) and a refusal with its reason', () => {
    const deposited = buildCdarStatus({ messageId: 'M-200', issuedAt: at, invoice, code: 200, senderRole: 'platform' });
    expect(deposited).toContain('<ram:TypeCode>305</ram:TypeCode>');
    expect(deposited.match(/<ram:RoleCode>WK<\/ram:RoleCode>/g)).toHaveLength(2);
    expect(deposited).toContain('<ram:RoleCode>DFH</ram:RoleCode>');
    const refused = buildCdarStatus({
      messageId: 'M-210',
      issuedAt: at,
      invoice,
      code: 210,
      senderRole: 'buyer',
      reasonCode: 'TX_TVA_ERR',
      reason: 'Taux à 10 % attendu',
    });
    expect(parseCdar(refused)).toMatchObject({ code: 210, senderRole: 'buyer', reasonCode: 'TX_TVA_ERR', reason: 'Taux à 10 % attendu' });
  });

  it('escapes the free text and drops the characters XML forbids', () => {
    const xml = buildCdarStatus({
      messageId: 'M-1',
      issuedAt: at,
      invoice,
      code: 207,
      senderRole: 'buyer',
      reasonCode: 'AUTRE',
      reason: 'prix <faux> & "TVA"\u0007',
    });
    expect(xml).toContain('prix &lt;faux&gt; &amp; &quot;TVA&quot;</ram:Reason>');
    expect(parseCdar(xml).reason).toBe('prix <faux> & "TVA"');
  });

  it('refuses what the rules would refuse', () => {
    const base = { messageId: 'M', issuedAt: at, invoice };
    expect(() => buildCdarStatus({ ...base, code: 210, senderRole: 'buyer' })).toThrow(/code motif/);
    expect(() => buildCdarStatus({ ...base, code: 210, senderRole: 'buyer', reasonCode: 'AUTRE' })).toThrow(/n’est pas admis/);
    expect(() => buildCdarStatus({ ...base, code: 212, senderRole: 'seller', amountCents: 100 })).toThrow(/taux de TVA/);
    expect(() => buildCdarStatus({ ...base, code: 212, senderRole: 'seller' })).toThrow(/BR-FR-CDV-14/);
    expect(() => buildCdarStatus({ ...base, code: 200, senderRole: 'seller' })).toThrow(/plateforme/);
    expect(() => buildCdarStatus({ ...base, code: 205, senderRole: 'platform' })).toThrow(/acheteur ou le vendeur/);
    expect(() => buildCdarStatus({ ...base, invoice: { ...invoice, sellerSiren: '12345' }, code: 205, senderRole: 'buyer' })).toThrow(/SIREN/);
    expect(() => buildCdarStatus({ ...base, invoice: { ...invoice, issueDate: '30/09/2026' }, code: 205, senderRole: 'buyer' })).toThrow(/AAAA-MM-JJ/);
  });
});

describe('parseCdar', () => {
  it('refuses what is not a lifecycle status', () => {
    for (const garbage of ['', 'pas du XML', '<a><b></a>', '<Invoice/>', '<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="x"/>'])
      expect(() => parseCdar(garbage)).toThrow(CdarParseError);
    const good = buildCdarStatus({ messageId: 'M', issuedAt: at, invoice, code: 205, senderRole: 'buyer' });
    expect(() => parseCdar(good.replace('<ram:ProcessConditionCode>205<', '<ram:ProcessConditionCode>999<'))).toThrow(/inconnu/);
    expect(() => parseCdar(good.replaceAll('20261005093000', '20261305093000'))).toThrow(/invalide/);
  });

  it('reads any namespace prefixes', () => {
    const xml = buildCdarStatus({ messageId: 'M', issuedAt: at, invoice, code: 205, senderRole: 'buyer' })
      .replaceAll('ram:', 'r:')
      .replaceAll('xmlns:ram', 'xmlns:r');
    expect(parseCdar(xml)).toMatchObject({ code: 205, invoiceNumber: 'F-2026-0001', sellerSiren: '123456789', invoiceIssueDate: '2026-09-30' });
  });
});

// --- round trip --------------------------------------------------------------------------------

const roleFor = (code: CdarStatusCode): fc.Arbitrary<CdarRole> =>
  cdarPhase(code) === '305' ? fc.constant('platform') : code === 212 || code === 220 ? fc.constant('seller') : fc.constantFrom('buyer', 'seller');
const word = fc.stringMatching(/^[A-Za-z0-9+_/-]{1,35}$/);
/** Free text without the characters XML forbids (the builder drops them). */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\ufffe\uffff]/g;
const freeText = fc
  .string({ minLength: 1, maxLength: 80 })
  .map((s) => s.replace(FORBIDDEN, '').trim())
  .filter((s) => s !== '');
const statusArb: fc.Arbitrary<CdarStatusInput> = fc.constantFrom(...CDAR_STATUS_CODES).chain((code) =>
  fc.record({
    messageId: word,
    issuedAt: fc.integer({ min: Date.UTC(2026, 0, 1) / 1000, max: Date.UTC(2099, 11, 31) / 1000 }).map((s) => new Date(s * 1000)),
    invoice: fc.record({
      number: word,
      issueDate: fc.integer({ min: 0, max: 3000 }).map((d) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString().slice(0, 10)),
      sellerSiren: fc.stringMatching(/^\d{9}$/),
      buyerSiren: fc.stringMatching(/^\d{9}$/),
    }),
    code: fc.constant(code),
    senderRole: roleFor(code),
    reasonCode: CDAR_REASONS_BY_STATUS[code] ? fc.constantFrom(...CDAR_REASONS_BY_STATUS[code]!) : fc.constant(undefined),
    reason: fc.option(freeText, { nil: undefined }),
    paidByRate:
      code === 212
        ? fc.array(fc.record({ amountCents: fc.integer({ min: -1e11, max: 1e11 }), vatRateBp: fc.constantFrom(2000, 1000, 550, 210, 0) }), {
            minLength: 1,
            maxLength: 4,
          })
        : fc.constant(undefined),
  }),
);

describe('build → parse', () => {
  it('gives back the message, invoice, status, date, reason and amounts', () => {
    fc.assert(
      fc.property(statusArb, (input) => {
        const read = parseCdar(buildCdarStatus(input));
        expect(read.messageId).toBe(input.messageId);
        expect(read.invoiceNumber).toBe(input.invoice.number);
        expect(read.invoiceIssueDate).toBe(input.invoice.issueDate);
        expect(read.sellerSiren).toBe(input.invoice.sellerSiren);
        expect(read.code).toBe(input.code);
        expect(read.senderRole).toBe(input.senderRole);
        expect(read.at.getTime()).toBe(input.issuedAt.getTime());
        expect(read.reasonCode).toBe(input.reasonCode);
        expect(read.reason).toBe(input.reason);
        expect(read.paid).toEqual(input.paidByRate);
        expect(read.amountCents).toBe(input.paidByRate?.reduce((s, p) => s + p.amountCents, 0));
      }),
      { numRuns: RUNS },
    );
  });
});
