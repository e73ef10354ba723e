import type { z } from 'zod';
import type { InvoiceDocument, latePaymentRateBody, LatePaymentRates } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import {
  businessLatePenalty,
  calendarDate,
  defaultBusinessLateRateBp,
  halfYearStartOf,
  latePaymentRateMissingRefusal,
  latePaymentRateOn,
  latePaymentRateRefusal,
  minimumBusinessLateRateBp,
  todayInParis,
  type CalendarDate,
  type LatePaymentRate,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { refused } from '../../lib/errors';
import * as repo from './late-payment-rates-repository';

/**
 * The late-payment rates between professionals by half-year (C. com. L441-10, decision 1051): the
 * admin keeps the ECB main refinancing rate and the legal interest rate of each half-year; an
 * invoice to a business client takes the row of its issue date when it is issued.
 */
const domainRate = (r: repo.LatePaymentRateRow): LatePaymentRate => ({
  halfYearStart: calendarDate(r.halfYearStart),
  ecbRateBp: r.ecbRateBp,
  legalRateBp: r.legalRateBp,
});

export async function latePaymentSeries(db: Executor): Promise<LatePaymentRate[]> {
  return (await repo.allRates(db)).map(domainRate);
}

/** The rates that apply on `date` (its half-year's, or the latest entered before), or null. */
export async function latePaymentRateFor(db: Executor, date: CalendarDate): Promise<LatePaymentRate | null> {
  return latePaymentRateOn(await latePaymentSeries(db), date)?.rate ?? null;
}

export async function listLatePaymentRates(deps: AppDeps): Promise<LatePaymentRates> {
  const rows = await repo.allRates(deps.db);
  const today = todayInParis(deps.clock);
  const applied = latePaymentRateOn(rows.map(domainRate), today);
  return {
    rates: rows
      .map((r) => {
        const rate = domainRate(r);
        return {
          half_year_start: r.halfYearStart,
          ecb_rate_bp: r.ecbRateBp,
          legal_rate_bp: r.legalRateBp,
          default_rate_bp: defaultBusinessLateRateBp(rate),
          minimum_rate_bp: minimumBusinessLateRateBp(rate),
          updated_at: r.updatedAt.toISOString(),
        };
      })
      .reverse(),
    today: { half_year_start: halfYearStartOf(today), applied: applied?.rate.halfYearStart ?? null, entered: applied?.current ?? false },
  };
}

/** Enter or correct one half-year. Issued invoices keep the rate they printed. */
export async function saveLatePaymentRate(deps: AppDeps, body: z.output<typeof latePaymentRateBody>): Promise<LatePaymentRates> {
  const rate: LatePaymentRate = { halfYearStart: calendarDate(body.half_year_start), ecbRateBp: body.ecb_rate_bp, legalRateBp: body.legal_rate_bp };
  const refusal = latePaymentRateRefusal(rate);
  if (refusal) throw refused(refusal);
  await repo.upsertRate(deps.db, { halfYearStart: rate.halfYearStart, ecbRateBp: rate.ecbRateBp, legalRateBp: rate.legalRateBp, updatedAt: deps.clock.now() });
  return listLatePaymentRates(deps);
}

/**
 * The late-payment rate an invoice prints, frozen at issue: a consumer's as the quote agreed; a
 * business client's never below the legal minimum (ECB + 10 points by default, decision 1051).
 */
export async function invoiceLatePenalty(
  db: Executor,
  facts: { agreedBp: number; business: boolean; issueDate: CalendarDate },
): Promise<{ late_penalty_bp: number; late_penalty_basis: InvoiceDocument['late_penalty_basis'] }> {
  if (!facts.business) return { late_penalty_bp: facts.agreedBp, late_penalty_basis: null };
  const rate = await latePaymentRateFor(db, facts.issueDate);
  if (!rate) throw refused(latePaymentRateMissingRefusal(facts.issueDate));
  const penalty = businessLatePenalty(facts.agreedBp, rate);
  return {
    late_penalty_bp: penalty.rateBp,
    late_penalty_basis:
      penalty.basis === 'agreed' ? { basis: 'agreed' } : { basis: 'ecb', ecb_rate_bp: penalty.ecbRateBp, half_year_start: penalty.halfYearStart },
  };
}
