import { and, asc, eq, inArray } from 'drizzle-orm';
import { sirenOf } from '@ouvrage/domain';
import type { DatabaseHandle } from '../client';
import {
  creditNotes,
  eInvoicePaymentStatuses,
  eInvoiceEvents,
  eInvoiceSubmissions,
  eInvoicingSettings,
  invoices,
  payments,
  projects,
  users,
  type EInvoiceDocumentFacts,
  type StoredRateAmount,
} from '../schema';

/** The OAuth2 client of the fake plateforme agréée (apps/api/src/adapters/e-invoicing/fake-pa, FAKE_PA_CLIENT). */
export const DEMO_PA_CLIENT_ID = 'ouvrage-fake';
const MINUTE = 60_000;

const ttcByRate = (byRate: StoredRateAmount[]) => byRate.map((r) => ({ rateBp: r.rate_bp, ttcCents: r.base_cents + r.tva_cents }));

/**
 * E-invoicing in the demo (decision 1215, development only): the demo architect is connected to
 * « the fake PA » — the development server points the row at the fake it starts and seals the
 * credentials then (the seed holds no secret) — and the company client's documents of the demo
 * (demo-invoice-cases) went through it: the 40 % deposit delivered and « Encaissée » sent back
 * after its transfer, the avoir that cancels it delivered, the 30 % deposit approved by the buyer.
 */
export async function seedDemoEInvoicing({ db }: DatabaseHandle): Promise<void> {
  const [architect] = await db.select().from(users).where(eq(users.email, 'architecte@ouvrage.test'));
  if (!architect) return;
  const office = await db
    .select({ id: projects.id, siret: projects.siret })
    .from(projects)
    .where(and(eq(projects.typeClient, 'entreprise'), eq(projects.companyName, 'Atelier Bernard Design SARL')));
  const officeIds = office.map((p) => p.id);
  const buyerSiren = office[0]?.siret ? sirenOf(office[0].siret) : null;
  const sent = officeIds.length
    ? await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.issuerId, architect.id), inArray(invoices.projectId, officeIds)))
        .orderBy(asc(invoices.issuedAt))
    : [];

  await db.transaction(async (tx) => {
    await tx.insert(eInvoicingSettings).values({
      userId: architect.id,
      paMode: 'own',
      baseUrl: 'http://127.0.0.1',
      authKind: 'oauth2',
      tokenUrl: 'http://127.0.0.1/oauth/token',
      clientId: DEMO_PA_CLIENT_ID,
      vatRegime: 'reel_normal',
      eReportingPeriod: 'month',
      // The lifecycle search starts from now: the flows below belong to a fake that is gone.
      lifecycleCursor: new Date(),
    });
    let flow = 0;
    const submit = async (
      doc: { invoiceId?: number; creditNoteId?: number; number: string; issuedAt: Date; facts: EInvoiceDocumentFacts },
      codes: Array<{ code: number; reason?: string; after: number }>,
    ) => {
      const flowId = `FLOW-DEMO-${String(++flow).padStart(4, '0')}`;
      const last = codes[codes.length - 1];
      const [row] = await tx
        .insert(eInvoiceSubmissions)
        .values({
          issuerId: architect.id,
          invoiceId: doc.invoiceId ?? null,
          creditNoteId: doc.creditNoteId ?? null,
          documentNumber: doc.number,
          documentFacts: doc.facts,
          state: last.code === 212 ? 'done' : 'submitted',
          flowId,
          lastCode: last.code,
          attempts: 1,
          createdAt: doc.issuedAt,
          updatedAt: new Date(doc.issuedAt.getTime() + last.after * MINUTE),
        })
        .returning({ id: eInvoiceSubmissions.id });
      for (const [i, c] of codes.entries()) {
        const at = new Date(doc.issuedAt.getTime() + c.after * MINUTE);
        await tx.insert(eInvoiceEvents).values({
          issuerId: architect.id,
          submissionId: row.id,
          flowId,
          messageId: `CDV-DEMO-${flow}-${i + 1}-${c.code}`,
          code: c.code,
          at,
          reason: c.reason ?? null,
          source: 'webhook',
          receivedAt: at,
        });
      }
      return row.id;
    };
    const delivered = [
      { code: 200, after: 1 },
      { code: 201, after: 2 },
      { code: 202, after: 3 },
    ];
    const sellerSiren = '823456785';
    for (const invoice of sent) {
      const facts: EInvoiceDocumentFacts = {
        issueDate: invoice.issueDate,
        sellerSiren,
        buyerSiren,
        buyerRoutingAddress: buyerSiren ? `${buyerSiren}_FACTURES` : null,
        typeCode: invoice.kind === 'acompte' ? '386' : '380',
        ttcByRate: ttcByRate(invoice.byRate),
      };
      const [paid] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, 'confirme')));
      const [credit] = await tx.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id));
      if (paid?.confirmedAt) {
        // Paid by transfer: « Encaissée » went back as a CDAR flow, and the PA relayed it.
        const after = Math.round((paid.confirmedAt.getTime() - invoice.issuedAt.getTime()) / MINUTE) + 1;
        const submissionId = await submit({ invoiceId: invoice.id, number: invoice.number, issuedAt: invoice.issuedAt, facts }, [
          ...delivered,
          { code: 212, after },
        ]);
        await tx.insert(eInvoicePaymentStatuses).values({
          paymentId: paid.id,
          submissionId,
          amountCents: paid.amountCents,
          state: 'sent',
          flowId: `FLOW-DEMO-ENC-${paid.id}`,
          attempts: 1,
          createdAt: paid.confirmedAt,
          sentAt: new Date(paid.confirmedAt.getTime() + MINUTE),
        });
      } else {
        await submit({ invoiceId: invoice.id, number: invoice.number, issuedAt: invoice.issuedAt, facts }, [...delivered, { code: 205, after: 90 }]);
      }
      if (credit) {
        await submit(
          {
            creditNoteId: credit.id,
            number: credit.number,
            issuedAt: credit.issuedAt,
            facts: { ...facts, issueDate: credit.issueDate, typeCode: '381', ttcByRate: ttcByRate(credit.byRate) },
          },
          delivered,
        );
      }
    }
  });
}
