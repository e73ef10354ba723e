import { describe, expect, it } from 'vitest';
import {
  addYears,
  amountLeftToPay,
  calendarDate,
  invoiceReminderStep,
  invoiceStatus,
  isInvoiceOverdue,
  receptionDateRefusal,
  receptionKindOf,
  reservationLiftRefusal,
  retentionReleaseDate,
  retentionReleaseRefusal,
  retentionReminderDue,
  retentionState,
  type RetentionFacts,
} from '../src';

const d = calendarDate;

describe('réception rules', () => {
  it('releases one year after the réception, 29 February becoming 28 February', () => {
    expect(retentionReleaseDate(d('2026-11-20'))).toBe('2027-11-20');
    expect(addYears(d('2028-02-29'), 1)).toBe('2029-02-28');
    expect(addYears(d('2028-02-29'), 4)).toBe('2032-02-29');
    expect(addYears(d('2026-12-31'), 1)).toBe('2027-12-31');
  });

  it('is « avec réserves » with at least one reservation', () => {
    expect(receptionKindOf(0)).toBe('sans_reserve');
    expect(receptionKindOf(2)).toBe('avec_reserves');
  });

  it('refuses a réception in the future, a lift before the réception, in the future, or twice', () => {
    expect(receptionDateRefusal(d('2026-11-24'), d('2026-11-23'))?.code).toBe('RECEPTION_DATE_FUTURE');
    expect(receptionDateRefusal(d('2026-11-23'), d('2026-11-23'))).toBeNull();
    const open = { liftedOn: null };
    expect(reservationLiftRefusal(open, d('2026-11-20'), d('2026-11-19'), d('2026-11-23'))?.code).toBe('RESERVATION_LIFT_BEFORE_RECEPTION');
    expect(reservationLiftRefusal(open, d('2026-11-20'), d('2026-11-24'), d('2026-11-23'))?.code).toBe('RESERVATION_LIFT_FUTURE');
    expect(reservationLiftRefusal({ liftedOn: d('2026-11-21') }, d('2026-11-20'), d('2026-11-22'), d('2026-11-23'))?.code).toBe('RESERVATION_ALREADY_LIFTED');
    expect(reservationLiftRefusal(open, d('2026-11-20'), d('2026-11-20'), d('2026-11-23'))).toBeNull();
  });
});

describe('retenue de garantie', () => {
  const facts = (over: Partial<RetentionFacts> = {}): RetentionFacts => ({
    retentionCents: 6_000,
    receptionDate: d('2026-11-20'),
    signed: true,
    openReservations: 0,
    releasedOn: null,
    ...over,
  });

  it('is blocked by an open reservation, waits for the date, then is releasable, once', () => {
    expect(retentionState(facts({ openReservations: 1 }), d('2028-01-01'))).toBe('blocked');
    expect(retentionReleaseRefusal(facts({ openReservations: 1 }), d('2028-01-01'))).toMatchObject({
      code: 'RETENTION_RESERVATIONS_OPEN',
      params: { count: 1 },
    });
    expect(retentionReleaseRefusal(facts(), d('2027-11-19'))).toMatchObject({ code: 'RETENTION_NOT_DUE', params: { date: '2027-11-20' } });
    expect(retentionReleaseRefusal(facts(), d('2027-11-20'))).toBeNull();
    expect(retentionReleaseRefusal(facts({ releasedOn: d('2027-11-20') }), d('2027-12-01'))?.code).toBe('RETENTION_ALREADY_RELEASED');
    expect(retentionReleaseRefusal(facts({ signed: false }), d('2028-01-01'))?.code).toBe('RETENTION_PV_NOT_SIGNED');
    expect(retentionReleaseRefusal(facts({ retentionCents: 0 }), d('2028-01-01'))?.code).toBe('RETENTION_NONE');
  });

  it('reminds from 30 days before the release date, while signed and not released', () => {
    expect(retentionReminderDue(facts(), d('2027-10-20'))).toBe(false);
    expect(retentionReminderDue(facts(), d('2027-10-21'))).toBe(true);
    expect(retentionReminderDue(facts({ releasedOn: d('2027-11-20') }), d('2027-11-21'))).toBe(false);
    expect(retentionReminderDue(facts({ signed: false }), d('2027-11-21'))).toBe(false);
  });

  it('becomes payable once released, and late 30 days after its release', () => {
    const invoice = { totalTtcCents: 120_000, retentionCents: 6_000, creditedCents: 0, paidCents: 114_000, dueDate: d('2026-12-10') };
    expect(amountLeftToPay(invoice)).toBe(0);
    expect(invoiceStatus(invoice, d('2027-12-01'))).toBe('Payée');
    const released = { ...invoice, retentionReleasedOn: '2027-11-20' };
    expect(amountLeftToPay(released)).toBe(6_000);
    expect(invoiceStatus(released, d('2027-12-20'))).toBe('Partiellement payée');
    expect(isInvoiceOverdue(released, d('2027-12-21'))).toBe(true);
    expect(invoiceStatus(released, d('2027-12-21'))).toBe('En retard');
    expect(invoiceStatus({ ...released, paidCents: 120_000 }, d('2028-01-01'))).toBe('Payée');
    // Before its own due date an invoice with only the retenue released unpaid is not late for the old due date.
    expect(isInvoiceOverdue({ ...invoice, paidCents: 100_000 }, d('2026-12-11'))).toBe(true);
  });
});

describe('invoice reminder steps', () => {
  const due = d('2026-12-10');
  it('are 3 days before, the day after and 15 days after, each window up to the next step', () => {
    expect(invoiceReminderStep(due, d('2026-12-06'))).toBeNull();
    expect(invoiceReminderStep(due, d('2026-12-07'))).toBe('before-3');
    expect(invoiceReminderStep(due, d('2026-12-10'))).toBe('before-3');
    expect(invoiceReminderStep(due, d('2026-12-11'))).toBe('after-1');
    expect(invoiceReminderStep(due, d('2026-12-24'))).toBe('after-1');
    expect(invoiceReminderStep(due, d('2026-12-25'))).toBe('after-15');
    expect(invoiceReminderStep(due, d('2027-06-01'))).toBe('after-15');
  });
});
