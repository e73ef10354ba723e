import type { z } from 'zod';
import type { StatementImport, StatementLine, statementLinesQuery } from '@ouvrage/contracts';
import type { Executor, MatchConfidence } from '@ouvrage/db';
import {
  compactReference,
  findCreditorReferences,
  invoiceCreditorReference,
  invoiceIdOfReference,
  todayInParis,
  type CalendarDate,
  type Caller,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { AppError, notFound, refuse } from '../../lib/errors';
import { invoiceTransferFacts, openInvoicesLeftIn, type InvoiceTransferFacts } from '../invoices';
import { lineHashes, parseStatement, type ParsedLine } from './statement-parsers';
import * as repo from './transfer-repository';
import { applyReceivedTransfer } from './transfers';

/**
 * Bank statement imports (decision 0731): the credit lines of a CSV or CAMT.053 file, each with a
 * proposed invoice — by its RF reference (exact), else by the amount left to pay on exactly one
 * invoice (and the client's name in the label) — that the admin confirms or ignores. A bank line
 * pays at most once: a line already imported is stored as `doublon`, and the partial unique index
 * on `line_hash` refuses a second payment even when two imports race.
 */

interface Proposal {
  invoiceId: number;
  confidence: MatchConfidence;
}

const LEGAL_WORDS = new Set([
  'SAS',
  'SARL',
  'SASU',
  'EURL',
  'SCI',
  'SNC',
  'SA',
  'STE',
  'SOCIETE',
  'ETS',
  'MME',
  'MR',
  'M',
  'MLLE',
  'LES',
  'DES',
  'DE',
  'DU',
  'LA',
  'LE',
  'ET',
]);
const words = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);

/** The client's name appears in the label: one of its words of three letters or more, as a word. */
export function labelNamesClient(label: string, clientName: string): boolean {
  const inLabel = new Set(words(label));
  return words(clientName).some((w) => w.length >= 3 && !LEGAL_WORDS.has(w) && inLabel.has(w));
}

/** The invoice each line most likely pays, or none when nothing or several fit. */
async function proposeMatches(deps: AppDeps, db: Executor, lines: readonly ParsedLine[]): Promise<Array<Proposal | null>> {
  const today = todayInParis(deps.clock);
  const candidatesByLine = lines.map((l) => [
    ...new Set([...(l.reference ? [compactReference(l.reference)] : []), ...findCreditorReferences(`${l.reference ?? ''} ${l.label}`)]),
  ]);
  const referenced = await invoiceTransferFacts(
    db,
    candidatesByLine
      .flat()
      .map(invoiceIdOfReference)
      .filter((id): id is number => id !== null),
    today,
  );
  const amounts = lines.map((l) => l.amountCents);
  const byLeft = await openInvoicesLeftIn(db, amounts, today);
  const declared = await repo.invoicesWithPendingAmount(db, amounts);
  const declaredFacts = await invoiceTransferFacts(
    db,
    declared.map((d) => d.invoiceId),
    today,
  );
  return lines.map((line, i) => {
    for (const ref of candidatesByLine[i]) {
      const id = invoiceIdOfReference(ref);
      const facts = id !== null ? referenced.get(id) : undefined;
      if (facts && !facts.cancelled && invoiceCreditorReference(facts) === ref) return { invoiceId: facts.id, confidence: 'reference' as const };
    }
    const open = new Map<number, InvoiceTransferFacts>();
    for (const f of byLeft) if (f.leftCents === line.amountCents && f.leftCents > 0) open.set(f.id, f);
    for (const d of declared) {
      const f = declaredFacts.get(d.invoiceId);
      if (f && d.amountCents === line.amountCents && f.leftCents >= line.amountCents && !f.cancelled) open.set(f.id, f);
    }
    const candidates = [...open.values()];
    const named = candidates.filter((f) => labelNamesClient(line.label, f.clientName));
    if (named.length === 1) return { invoiceId: named[0].id, confidence: 'montant_nom' as const };
    if (named.length === 0 && candidates.length === 1) return { invoiceId: candidates[0].id, confidence: 'montant' as const };
    return null;
  });
}

async function lineViews(deps: AppDeps, db: Executor, rows: repo.BankStatementLineRow[]): Promise<StatementLine[]> {
  const facts = await invoiceTransferFacts(
    db,
    rows.map((r) => r.proposedInvoiceId).filter((id): id is number => id !== null),
    todayInParis(deps.clock),
  );
  return rows.map((r) => {
    const f = r.proposedInvoiceId !== null ? facts.get(r.proposedInvoiceId) : undefined;
    return {
      id: r.id,
      statement_id: r.statementId,
      booked_on: r.bookedOn,
      amount_cents: r.amountCents,
      label: r.label,
      reference: r.reference,
      status: r.status,
      proposal: f
        ? { invoice_id: f.id, invoice_number: f.number, client_name: f.clientName, left_to_pay_cents: f.leftCents, confidence: r.confidence ?? 'montant' }
        : null,
      payment_id: r.paymentId,
    };
  });
}

/** `POST api/admin/releve-bancaire`: parse, store the credit lines, propose a match for each new one. */
export async function importStatement(deps: AppDeps, caller: Caller, file: { filename: string; bytes: Buffer; sha256: string }): Promise<StatementImport> {
  const parsed = parseStatement(file.bytes);
  const hashes = lineHashes(parsed.lines);
  return deps.db.transaction(async (tx) => {
    const known = await repo.knownHashes(tx, hashes);
    const fresh = parsed.lines.filter((_, i) => !known.has(hashes[i]));
    const proposals = await proposeMatches(deps, tx, fresh);
    const statement = await repo.insertStatement(tx, {
      format: parsed.format,
      fileName: file.filename,
      fileSha256: file.sha256,
      lineCount: parsed.lines.length,
      importedBy: caller.id,
      importedAt: deps.clock.now(),
    });
    let f = 0;
    const rows = await repo.insertLines(
      tx,
      parsed.lines.map((line, i) => {
        const duplicate = known.has(hashes[i]);
        const proposal = duplicate ? null : proposals[f++];
        return {
          statementId: statement.id,
          lineHash: hashes[i],
          bookedOn: line.bookedOn,
          amountCents: line.amountCents,
          label: line.label,
          reference: line.reference ? compactReference(line.reference).slice(0, 35) : null,
          status: duplicate ? ('doublon' as const) : ('a_traiter' as const),
          proposedInvoiceId: proposal?.invoiceId ?? null,
          confidence: proposal?.confidence ?? null,
        };
      }),
    );
    const lines = await lineViews(deps, tx, rows);
    return {
      id: statement.id,
      format: parsed.format,
      file_name: file.filename,
      line_count: rows.length,
      proposed: lines.filter((l) => l.proposal && l.status === 'a_traiter').length,
      duplicates: rows.filter((r) => r.status === 'doublon').length,
      lines,
    };
  });
}

/** `GET api/admin/releve-bancaire/lignes`: lines by status (to process by default), newest first. */
export async function listStatementLines(deps: AppDeps, query: z.output<typeof statementLinesQuery>) {
  const { rows, total, total_capped } = await repo.listLines(deps.db, query.status, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
  return { items: await lineViews(deps, deps.db, rows), total, total_capped, page: query.page, per_page: query.per_page };
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth += 1)
    if (e.code === '23505') return true;
  return false;
};

const alreadyPaid = () => refuse('STATEMENT_LINE_ALREADY_PAID', 'Cette opération bancaire a déjà été rapprochée d’un paiement : elle ne paie pas deux fois.');

/**
 * `POST api/admin/releve-bancaire/lignes/{id}/rapprocher`: the line pays the invoice, in one
 * transaction (the client's pending declaration if any, confirmed for the line's amount). The same
 * line confirmed again answers it unchanged; the same bank line from another import is refused.
 */
export async function matchLine(deps: AppDeps, caller: Caller, lineId: number, invoiceId: number): Promise<StatementLine> {
  try {
    const line = await deps.db.transaction(async (tx) => {
      const locked = await repo.lockLine(tx, lineId);
      if (!locked) throw notFound('Cette ligne de relevé est introuvable.');
      if (locked.status === 'rapprochee') {
        if (locked.proposedInvoiceId === invoiceId) return locked;
        throw refuse('STATEMENT_LINE_DECIDED', 'Cette ligne de relevé a déjà été rapprochée d’une autre facture.');
      }
      if (locked.status === 'doublon') throw alreadyPaid();
      await repo.lockLineHash(tx, locked.lineHash);
      if (await repo.paidLineWithHash(tx, locked.lineHash)) throw alreadyPaid();
      const pending = await repo.pendingTransfersOf(tx, [invoiceId]);
      const declaration = pending.find((p) => p.amountCents === locked.amountCents) ?? pending[0] ?? null;
      const { item } = await applyReceivedTransfer(deps, tx, {
        invoiceId,
        paymentId: declaration?.id ?? null,
        amountCents: locked.amountCents,
        receivedOn: locked.bookedOn as CalendarDate,
        by: caller.id,
        statementLineId: locked.id,
      });
      return repo.updateLine(tx, locked.id, {
        status: 'rapprochee',
        proposedInvoiceId: invoiceId,
        paymentId: item.id,
        decidedBy: caller.id,
        decidedAt: deps.clock.now(),
      });
    });
    void deps.mailer.dispatch();
    const [view] = await lineViews(deps, deps.db, [line]);
    return view;
  } catch (error) {
    if (!(error instanceof AppError) && isUniqueViolation(error)) throw alreadyPaid();
    throw error;
  }
}

/** `POST api/admin/releve-bancaire/lignes/{id}/ignorer`: not a payment of ours (or handled elsewhere). */
export async function ignoreLine(deps: AppDeps, caller: Caller, lineId: number): Promise<StatementLine> {
  const line = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockLine(tx, lineId);
    if (!locked) throw notFound('Cette ligne de relevé est introuvable.');
    if (locked.status === 'rapprochee') throw refuse('STATEMENT_LINE_DECIDED', 'Cette ligne de relevé a déjà été rapprochée : elle ne peut plus être ignorée.');
    if (locked.status === 'ignoree' || locked.status === 'doublon') return locked;
    return repo.updateLine(tx, locked.id, { status: 'ignoree', decidedBy: caller.id, decidedAt: deps.clock.now() });
  });
  const [view] = await lineViews(deps, deps.db, [line]);
  return view;
}
