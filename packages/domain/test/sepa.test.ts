import { describe, expect, it } from 'vitest';
import { calendarDate, ibanLast4, ibanProblem, isValidCreditorIdentifier, mandateReference, sepaCreditorIdentifier, sepaDebitDate } from '../src';

/** SEPA direct debit's pure rules (decision 1223): the IBAN's check, the creditor identifier, the debit day after the pre-notification. */
describe('IBAN', () => {
  it('accepts valid IBANs of SEPA countries, written with spaces or in lower case', () => {
    for (const iban of ['FR14 2004 1010 0505 0001 3M02 606', 'fr7630006000011234567890189', 'DE89370400440532013000', 'GB82 WEST 1234 5698 7654 32'])
      expect(ibanProblem(iban), iban).toBeNull();
    expect(ibanLast4('FR14 2004 1010 0505 0001 3M02 606')).toBe('2606');
  });

  it('names what is wrong: shape, country outside SEPA, length, check digits', () => {
    expect(ibanProblem('pas un iban')).toBe('format');
    expect(ibanProblem('US12 3456 7890 1234 5678 90')).toBe('not_sepa');
    expect(ibanProblem('FR14 2004 1010 0505')).toBe('length');
    expect(ibanProblem('FR14 2004 1010 0505 0001 3M02 605')).toBe('checksum');
    expect(ibanProblem('FR15 2004 1010 0505 0001 3M02 606')).toBe('checksum');
  });
});

describe('creditor identifier and mandate reference', () => {
  it('computes and checks an ICS’s digits, the business code left out', () => {
    expect(sepaCreditorIdentifier('FR', '123456')).toBe('FR72ZZZ123456');
    expect(isValidCreditorIdentifier('FR72ZZZ123456')).toBe(true);
    expect(isValidCreditorIdentifier('FR72ABC123456')).toBe(true);
    expect(isValidCreditorIdentifier('FR73ZZZ123456')).toBe(false);
    expect(mandateReference(42, 2)).toBe('OUV-D42-M2');
  });
});

describe('the debit day', () => {
  it('is 14 days after the notice at least, never before the due date, on a working day', () => {
    // Notice on Monday 11 January 2027, due 10 February: the due date.
    expect(sepaDebitDate(calendarDate('2027-01-11'), calendarDate('2027-02-10'))).toBe('2027-02-10');
    // Due at once: 14 days later, Monday 25 January.
    expect(sepaDebitDate(calendarDate('2027-01-11'), calendarDate('2027-01-11'))).toBe('2027-01-25');
    // 14 days later is Saturday 23 January 2027: the next Monday.
    expect(sepaDebitDate(calendarDate('2027-01-09'), calendarDate('2027-01-09'))).toBe('2027-01-25');
    // 14 days after 18 December 2026 is 1 January 2027, a public holiday: Monday 4 January.
    expect(sepaDebitDate(calendarDate('2026-12-18'), calendarDate('2026-12-18'))).toBe('2027-01-04');
  });
});
