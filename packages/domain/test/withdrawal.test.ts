import { describe, expect, it } from 'vitest';
import { calendarDate, canWithdraw, withdrawalDeadline, quoteWithdrawalRefusal, type WithdrawalFacts } from '../src';

const signed = (over: Partial<WithdrawalFacts> = {}): WithdrawalFacts => ({
  status: 'Validé',
  consumer: true,
  urgentRepair: false,
  signedOn: calendarDate('2026-11-02'),
  ...over,
});
const day = calendarDate;

describe('withdrawal of a consumer contract (C. conso. L221-18)', () => {
  it('ends 14 days after the day of signature, carried to Monday over a weekend', () => {
    expect(withdrawalDeadline(day('2026-11-02'))).toBe('2026-11-16'); // Monday → Monday
    expect(withdrawalDeadline(day('2026-11-07'))).toBe('2026-11-23'); // the 21st is a Saturday
    expect(withdrawalDeadline(day('2026-11-08'))).toBe('2026-11-23'); // the 22nd is a Sunday
  });

  it('runs past a public holiday to the next working day (L221-19)', () => {
    expect(withdrawalDeadline(day('2026-10-28'))).toBe('2026-11-12'); // the 11th is Armistice Day
    expect(withdrawalDeadline(day('2027-03-15'))).toBe('2027-03-30'); // the 29th is Easter Monday 2027
    expect(withdrawalDeadline(day('2026-04-30'))).toBe('2026-05-15'); // the 14th is Ascension 2026
    expect(withdrawalDeadline(day('2026-05-11'))).toBe('2026-05-26'); // the 25th is Whit Monday 2026
    expect(withdrawalDeadline(day('2026-12-11'))).toBe('2026-12-28'); // the 25th a holiday, then a weekend
  });

  it('is open to a consumer until the deadline included, signed or validated', () => {
    expect(canWithdraw(signed(), day('2026-11-16'))).toBe(true);
    expect(canWithdraw(signed({ status: 'Signé' }), day('2026-11-03'))).toBe(true);
    expect(quoteWithdrawalRefusal(signed(), day('2026-11-17'))).toMatchObject({
      code: 'QUOTE_WITHDRAWAL_EXPIRED',
      params: { date: '2026-11-16' },
      status: 409,
    });
  });

  it('is refused to a business, for an urgent repair, on an unsigned quote and twice', () => {
    const today = day('2026-11-05');
    expect(quoteWithdrawalRefusal(signed({ consumer: false }), today)?.code).toBe('QUOTE_WITHDRAWAL_BUSINESS');
    expect(quoteWithdrawalRefusal(signed({ urgentRepair: true }), today)?.code).toBe('QUOTE_WITHDRAWAL_URGENT_REPAIR');
    expect(quoteWithdrawalRefusal(signed({ status: 'Accepté', signedOn: null }), today)?.code).toBe('QUOTE_WITHDRAWAL_NOT_SIGNED');
    expect(quoteWithdrawalRefusal(signed({ status: 'Rétracté' }), today)?.code).toBe('QUOTE_ALREADY_WITHDRAWN');
  });
});
