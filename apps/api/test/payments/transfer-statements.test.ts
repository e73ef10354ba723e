import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bankStatementLines, payments, quotes } from '@ouvrage/db';
import { FixedClock, formatCreditorReference, invoiceCreditorReference } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from '../invoices/factories';
import { parseAmountCents, parseStatement } from '../../src/modules/payments/statement-parsers';

/** Bank statement imports (decision 0731): CSV and CAMT.053, proposals, confirmation paying once. */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let admin: TestUser;
let alice: TestUser;
let carol: TestUser;
let paul: TestUser;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client', firstname: 'Claire', lastname: 'Martin' });
  paul = await loginAs(ctx, { user_type: 'client', firstname: 'Paul', lastname: 'Durand' });
  await completeProfile(ctx.db, alice.id);
});

type Json = Record<string, any>;

let amountSeq = 0;
/** A deposit issued by Alice to `client`, of a distinct amount unless given. */
async function deposit(client: TestUser, amount?: number): Promise<Json> {
  amountSeq += 1;
  const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: client.id });
  // The name printed on the invoice is the quote's client snapshot: the client's own.
  await ctx.db
    .update(quotes)
    .set({ clientSnapshot: { name: `${client.firstname} ${client.lastname}`, email: client.email, phone: null } })
    .where(eq(quotes.id, quoteId));
  const res = await as(ctx, alice, {
    method: 'POST',
    url: '/api/facture',
    payload: { quote_id: quoteId, kind: 'acompte', amount_cents: amount ?? 70_000 + amountSeq * 1_111 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

function multipart(filename: string, content: string | Buffer, type = 'text/csv') {
  const boundary = '----ouvrage-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (user: TestUser, filename: string, content: string | Buffer, type?: string) =>
  as(ctx, user, { method: 'POST', url: '/api/admin/releve-bancaire', ...multipart(filename, content, type) });
const matchLine = (id: number, invoiceId: number) =>
  as(ctx, admin, { method: 'POST', url: `/api/admin/releve-bancaire/lignes/${id}/rapprocher`, payload: { invoice_id: invoiceId } });
const detail = async (id: number) => (await as(ctx, admin, { method: 'GET', url: `/api/get-facture-detail/${id}` })).json().data;
const euros = (cents: number) =>
  (cents / 100)
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const ref = (i: Json) => invoiceCreditorReference({ id: i.id, number: i.number });

function camt(
  entries: Array<{ amount: string; ind?: 'CRDT' | 'DBIT'; ccy?: string; date: string; ref?: string; ustrd?: string; debtor?: string; acct?: string }>,
): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-2026-11-23</MsgId><CreDtTm>2026-11-23T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>1</Id>
      <Acct><Id><IBAN>FR7630006000011234567890189</IBAN></Id></Acct>
      ${entries
        .map(
          (e) => `<Ntry>
        ${e.acct ? `<AcctSvcrRef>${e.acct}</AcctSvcrRef>` : ''}
        <Amt Ccy="${e.ccy ?? 'EUR'}">${e.amount}</Amt>
        <CdtDbtInd>${e.ind ?? 'CRDT'}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${e.date}</Dt></BookgDt>
        <ValDt><Dt>${e.date}</Dt></ValDt>
        <NtryDtls><TxDtls>
          <RltdPties><Dbtr><Nm>${e.debtor ?? 'INCONNU'}</Nm></Dbtr></RltdPties>
          <RmtInf>${e.ustrd ? `<Ustrd>${e.ustrd}</Ustrd>` : ''}${e.ref ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp><Ref>${e.ref}</Ref></CdtrRefInf></Strd>` : ''}</RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`,
        )
        .join('\n')}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

describe('parsing', () => {
  it('reads French amounts exactly', () => {
    expect(parseAmountCents('1 234,56')).toBe(123_456);
    expect(parseAmountCents('1\u00a0234,5 €')).toBe(123_450);
    expect(parseAmountCents('-45,00')).toBe(-4_500);
    expect(parseAmountCents('+250')).toBe(25_000);
    expect(parseAmountCents('1.234,56')).toBe(123_456);
    expect(parseAmountCents('1,234.56')).toBe(123_456);
    expect(parseAmountCents('1234.56')).toBe(123_456);
    expect(parseAmountCents('0,10')).toBe(10);
    expect(parseAmountCents('abc')).toBeNull();
    expect(parseAmountCents('12,3456')).toBeNull();
  });

  it('tolerates comma separators with quoted amounts, a Windows-1252 file, account lines above the header and debit/credit columns', () => {
    const comma = parseStatement(Buffer.from('Date,Libellé,Montant\r\n22/11/2026,"VIR SEPA DUPONT","1 234,56"\r\n23/11/2026,"PRLV EDF","-45,00"\r\n'));
    expect(comma.lines).toEqual([{ bookedOn: '2026-11-22', amountCents: 123_456, label: 'VIR SEPA DUPONT', reference: null, bankRef: null }]);
    const latin1 = Buffer.from(
      'Compte courant n° 123;;;\nSolde au 23/11/2026;;;1 000,00\nDate opération;Date valeur;Libellé;Débit;Crédit\n21/11/26;21/11/26;VIR REÇU MARTIN;;250,00\n21/11/26;21/11/26;CB BOULANGERIE;4,20;\n',
      'latin1',
    );
    expect(parseStatement(latin1).lines).toEqual([{ bookedOn: '2026-11-21', amountCents: 25_000, label: 'VIR REÇU MARTIN', reference: null, bankRef: null }]);
  });

  it('reads tabs, quoted cells holding separators and line breaks, and mixed line endings; a broken quote is a French 400', () => {
    const tabs = parseStatement(
      Buffer.from('\uFEFFDate\tLibellé\tMontant\tRéférence\r\n22/11/2026\t "VIR\tDUPONT ""SARL""\nACOMPTE" \t12,50\tRF18 0000\n\n23/11/2026\tVIR MARTIN\t7\r'),
    );
    expect(tabs.lines).toEqual([
      { bookedOn: '2026-11-22', amountCents: 1_250, label: 'VIR DUPONT "SARL" ACOMPTE', reference: 'RF18 0000', bankRef: null },
      { bookedOn: '2026-11-23', amountCents: 700, label: 'VIR MARTIN', reference: null, bankRef: null },
    ]);
    const unclosed = () => parseStatement(Buffer.from('Date;Libellé;Montant\n22/11/2026;"VIR DUPONT;12,50\n23/11/2026;VIR;7\n'));
    expect(unclosed).toThrow(
      expect.objectContaining({ code: 'STATEMENT_UNREADABLE', message: 'Ce relevé ne peut pas être lu : un guillemet ouvert n’est jamais fermé.' }),
    );
    const trailing = () => parseStatement(Buffer.from('Date;Libellé;Montant\n22/11/2026;VIR;1\n22/11/2026;"VIR" DUPONT;12,50\n'));
    expect(trailing).toThrow(expect.objectContaining({ code: 'STATEMENT_UNREADABLE', message: expect.stringContaining('la ligne 3 est mal formée') }));
  });
});

describe('importing a statement', () => {
  it('CSV: proposes by RF reference first, then by the amount left and the client’s name, then by the amount alone', async () => {
    const byRef = await deposit(carol);
    const byName = await deposit(paul);
    const byAmount = await deposit(carol);
    const csv = [
      'Date;Libellé;Montant',
      // The reference written in groups of four, with a different amount (partial payment).
      `22/11/2026;VIR SEPA MARTIN CLAIRE ${formatCreditorReference(ref(byRef))};${euros(10_000)}`,
      `22/11/2026;VIR SEPA M PAUL DURAND ACOMPTE;${euros(byName.totals.total_ttc_cents)}`,
      `23/11/2026;VIREMENT RECU SANS NOM;${euros(byAmount.totals.total_ttc_cents)}`,
      '23/11/2026;VIR INCONNU;12,34',
      '23/11/2026;PRLV SEPA EDF;-80,00',
    ].join('\n');
    const res = await upload(admin, 'releve.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ format: 'csv', line_count: 4, proposed: 3, duplicates: 0 });
    const [l1, l2, l3, l4] = data.lines;
    expect(l1).toMatchObject({
      booked_on: '2026-11-22',
      amount_cents: 10_000,
      status: 'a_traiter',
      proposal: { invoice_id: byRef.id, confidence: 'reference' },
    });
    expect(l2.proposal).toMatchObject({ invoice_id: byName.id, confidence: 'montant_nom', client_name: expect.stringContaining('Durand') });
    expect(l3.proposal).toMatchObject({ invoice_id: byAmount.id, confidence: 'montant' });
    expect(l4.proposal).toBeNull();

    // The admin confirms the reference line: a partial payment.
    const confirmed = await matchLine(l1.id, byRef.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'rapprochee', payment_id: expect.any(Number) });
    expect(await detail(byRef.id)).toMatchObject({ status: 'Partiellement payée', paid_cents: 10_000 });
    // Confirmed a second time: answered unchanged, paid once.
    const twice = await matchLine(l1.id, byRef.id);
    expect(twice.statusCode).toBe(200);
    expect((await detail(byRef.id)).paid_cents).toBe(10_000);

    // Ignoring the unknown line; the list of lines to process no longer shows it.
    const ignored = await as(ctx, admin, { method: 'POST', url: `/api/admin/releve-bancaire/lignes/${l4.id}/ignorer` });
    expect(ignored.json().data.status).toBe('ignoree');
    const open = (await as(ctx, admin, { method: 'GET', url: '/api/admin/releve-bancaire/lignes' })).json().data.items.map((l: Json) => l.id);
    expect(open).toEqual(expect.arrayContaining([l2.id, l3.id]));
    expect(open).not.toContain(l1.id);
    expect(open).not.toContain(l4.id);

    // The same file imported again: every line is a duplicate, nothing proposed, nothing paid twice.
    const again = (await upload(admin, 'releve-copie.csv', csv)).json().data;
    expect(again).toMatchObject({ line_count: 4, proposed: 0, duplicates: 4 });
    expect(again.lines.every((l: Json) => l.status === 'doublon' && l.proposal === null)).toBe(true);
    const dup = await matchLine(again.lines[0].id, byRef.id);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('STATEMENT_LINE_ALREADY_PAID');
    expect((await detail(byRef.id)).paid_cents).toBe(10_000);
  });

  it('CAMT.053: reads credits in euros with their structured reference; the line settles the client’s declaration', async () => {
    const invoice = await deposit(carol);
    const other = await deposit(paul);
    const declared = await as(ctx, carol, {
      method: 'POST',
      url: `/api/facture/${invoice.id}/virement`,
      payload: { amount_cents: invoice.totals.total_ttc_cents, declared_on: '2026-11-21' },
    });
    expect(declared.statusCode, declared.body).toBe(201);
    const total = invoice.totals.total_ttc_cents;
    const xml = camt([
      { amount: (total / 100).toFixed(2), date: '2026-11-22', ref: ref(invoice), debtor: 'MARTIN CLAIRE', acct: 'BQ-1' },
      {
        amount: (other.totals.total_ttc_cents / 100).toFixed(2),
        date: '2026-11-22',
        ustrd: `Facture ${other.number} DURAND`,
        debtor: 'P DURAND',
        acct: 'BQ-2',
      },
      { amount: '80.00', ind: 'DBIT', date: '2026-11-22', acct: 'BQ-3' },
      { amount: '500.00', ccy: 'USD', date: '2026-11-22', acct: 'BQ-4' },
    ]);
    const res = await upload(admin, 'camt053.xml', xml, 'application/xml');
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ format: 'camt053', line_count: 2 });
    expect(data.lines[0]).toMatchObject({ amount_cents: total, reference: ref(invoice), proposal: { invoice_id: invoice.id, confidence: 'reference' } });
    expect(data.lines[0].label).toContain('MARTIN CLAIRE');
    expect(data.lines[1].proposal).toMatchObject({ invoice_id: other.id, confidence: 'montant_nom' });

    const done = await matchLine(data.lines[0].id, invoice.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(await detail(invoice.id)).toMatchObject({ status: 'Payée', left_to_pay_cents: 0 });
    // The client's declaration is the payment confirmed, not a second one.
    const rows = await ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: declared.json().data.id, status: 'confirme', amountCents: total });
  });

  it('one bank line imported twice at the same time (both lines to process) pays once, even confirmed in parallel', async () => {
    const invoice = await deposit(carol);
    const csv = `Date;Libellé;Montant\n22/11/2026;VIR ${ref(invoice)};${euros(5_000)}\n`;
    const first = (await upload(admin, 'a.csv', csv)).json().data.lines[0];
    // What a racing import would have stored: the same bank line, not yet known as a duplicate.
    const [twin] = await ctx.db
      .insert(bankStatementLines)
      .values({
        statementId: first.statement_id,
        lineHash: (await ctx.db.select().from(bankStatementLines).where(eq(bankStatementLines.id, first.id)))[0].lineHash,
        bookedOn: '2026-11-22',
        amountCents: 5_000,
        label: 'VIR',
        status: 'a_traiter',
      })
      .returning();
    const answers = await Promise.all([matchLine(first.id, invoice.id), matchLine(twin.id, invoice.id), matchLine(first.id, invoice.id)]);
    // Whichever goes first pays; the other line is refused (the same line again is answered unchanged).
    expect(answers.every((a) => a.statusCode === 200 || a.json().error.code === 'STATEMENT_LINE_ALREADY_PAID')).toBe(true);
    expect(answers.filter((a) => a.statusCode === 409).length).toBeGreaterThanOrEqual(1);
    const paidLines = await ctx.db.select().from(bankStatementLines).where(eq(bankStatementLines.status, 'rapprochee'));
    expect(paidLines.filter((l) => l.proposedInvoiceId === invoice.id)).toHaveLength(1);
    expect((await detail(invoice.id)).paid_cents).toBe(5_000);
    expect(await ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
  });

  it('refuses garbage with a 4xx, never a 500, and is for admins only', async () => {
    const cases: Array<[string, string | Buffer, string, number]> = [
      ['vide.csv', '', 'text/csv', 400],
      ['texte.csv', 'bonjour\nceci n’est pas un relevé\n', 'text/csv', 400],
      ['casse.xml', '<Document><BkToCstmrStmt><Stmt>', 'application/xml', 400],
      ['autre.xml', '<?xml version="1.0"?><Invoice><Id>1</Id></Invoice>', 'application/xml', 400],
      ['bombe.xml', '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><Document>&b;</Document>', 'application/xml', 400],
      ['binaire.csv', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]), 'text/csv', 400],
      ['releve.pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'application/pdf', 415],
      ['gros.csv', Buffer.alloc(2 * 1024 * 1024 + 10, 'a'), 'text/csv', 413],
    ];
    for (const [name, content, type, status] of cases) {
      const res = await upload(admin, name, content, type);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().error.message).toMatch(/[a-zé]/);
    }
    const notMultipart = await as(ctx, admin, { method: 'POST', url: '/api/admin/releve-bancaire', payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(415);
    expect((await upload(carol, 'releve.csv', 'Date;Libellé;Montant\n22/11/2026;VIR;10,00\n')).statusCode).toBe(403);
    expect((await as(ctx, alice, { method: 'POST', url: '/api/admin/releve-bancaire/lignes/1/rapprocher', payload: { invoice_id: 1 } })).statusCode).toBe(403);
  });
});
