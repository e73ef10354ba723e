import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  markStageRefusal,
  milestoneDueDate,
  paymentScheduleRefusal,
  scheduleAmounts,
  type PaymentScheduleInput,
  type ScheduleContext,
  type ScheduleMilestoneInput,
} from '../src';

const day = calendarDate;
const context = (over: Partial<ScheduleContext> = {}): ScheduleContext => ({
  contractTtcCents: 100_001,
  consumerWithdrawal: false,
  today: day('2026-12-02'),
  ...over,
});
const works = (milestones: ScheduleMilestoneInput[]): PaymentScheduleInput => ({ contractKind: 'travaux', milestones });
const deposit = (percentBp: number): ScheduleMilestoneInput => ({ trigger: { kind: 'signature' }, percentBp });
const stage = (
  s: 'permis_de_construire' | 'ouverture_chantier' | 'fin_gros_oeuvre' | 'hors_eau_hors_air' | 'reception',
  percentBp: number,
): ScheduleMilestoneInput => ({
  trigger: { kind: 'stage', stage: s },
  percentBp,
});

describe('payment schedule — amounts', () => {
  it('the last milestone takes the rounding: 30 % + 70 % of 1 000,01 € is 300,00 € + 700,01 €', () => {
    expect(scheduleAmounts(100_001, [deposit(3000), stage('reception', 7000)])).toEqual([30_000, 70_001]);
  });

  it('refuses a schedule that does not make 100 % or the contract total, and a milestone without a figure', () => {
    expect(paymentScheduleRefusal(works([deposit(3000), stage('reception', 6000)]), context())).toMatchObject({
      code: 'PAYMENT_SCHEDULE_NOT_WHOLE_CONTRACT',
      status: 400,
      params: { total: '90 %' },
    });
    expect(paymentScheduleRefusal(works([{ trigger: { kind: 'signature' }, amountCents: 30_000 }, stage('reception', 6000)]), context())?.code).toBe(
      'PAYMENT_SCHEDULE_NOT_WHOLE_CONTRACT',
    );
    expect(paymentScheduleRefusal(works([{ trigger: { kind: 'signature' } }]), context())?.code).toBe('PAYMENT_SCHEDULE_AMOUNT_REQUIRED');
    expect(paymentScheduleRefusal(works([]), context())?.code).toBe('PAYMENT_SCHEDULE_EMPTY');
    expect(paymentScheduleRefusal(works([stage('reception', 10_000)]), context({ contractTtcCents: 0 }))?.code).toBe('PAYMENT_SCHEDULE_NO_CONTRACT_TOTAL');
  });

  it('takes amounts that add up to the total within the rounding of the percentages', () => {
    expect(paymentScheduleRefusal(works([{ trigger: { kind: 'signature' }, amountCents: 30_000 }, stage('reception', 7000)]), context())).toBeNull();
  });

  it('refuses the deposit anywhere but first, a stage twice, a date in the past or out of order', () => {
    expect(paymentScheduleRefusal(works([stage('fin_gros_oeuvre', 5000), deposit(5000)]), context())?.code).toBe('PAYMENT_SCHEDULE_SIGNATURE_FIRST');
    expect(paymentScheduleRefusal(works([stage('reception', 5000), stage('reception', 5000)]), context())?.code).toBe('PAYMENT_SCHEDULE_STAGE_TWICE');
    const dated = (date: string, percentBp: number): ScheduleMilestoneInput => ({ trigger: { kind: 'date', date: day(date) }, percentBp });
    expect(paymentScheduleRefusal(works([dated('2026-12-02', 10_000)]), context())).toMatchObject({ code: 'PAYMENT_SCHEDULE_DATE_PAST', params: { n: 1 } });
    expect(paymentScheduleRefusal(works([dated('2027-02-01', 5000), dated('2027-01-01', 5000)]), context())?.code).toBe('PAYMENT_SCHEDULE_DATES_ORDER');
  });
});

describe('payment schedule — a consumer’s withdrawal period (C. conso. L221-18, L221-10)', () => {
  it('refuses a date before the period can end, the quote signed today at the earliest', () => {
    const dated = { trigger: { kind: 'date', date: day('2026-12-16') }, percentBp: 10_000 } as const;
    // Signed on 2 December 2026 at the earliest: the period runs to 16 December, the 17th is the first day.
    expect(paymentScheduleRefusal(works([dated]), context({ consumerWithdrawal: true }))).toMatchObject({
      code: 'PAYMENT_SCHEDULE_BEFORE_WITHDRAWAL_END',
      status: 400,
      params: { date: '2026-12-17' },
    });
    expect(paymentScheduleRefusal(works([{ ...dated, trigger: { kind: 'date', date: day('2026-12-17') } }]), context({ consumerWithdrawal: true }))).toBeNull();
    expect(paymentScheduleRefusal(works([dated]), context({ consumerWithdrawal: false }))).toBeNull();
  });

  it('asks the deposit the day after the period ends, or on the day of signature for a business', () => {
    expect(milestoneDueDate({ kind: 'signature' }, { signedOn: day('2026-11-07'), consumerWithdrawal: true })).toBe('2026-11-24');
    expect(milestoneDueDate({ kind: 'signature' }, { signedOn: day('2026-11-07'), consumerWithdrawal: false })).toBe('2026-11-07');
    expect(milestoneDueDate({ kind: 'stage', stage: 'reception' }, { signedOn: day('2026-11-07'), consumerWithdrawal: true })).toBeNull();
  });

  it('refuses marking a stage reached while the period is open', () => {
    const signedOn = day('2026-11-02');
    expect(markStageRefusal({ signedOn, consumerWithdrawal: true }, day('2026-11-16'))).toMatchObject({
      code: 'PAYMENT_SCHEDULE_WITHDRAWAL_OPEN',
      params: { date: '2026-11-16' },
    });
    expect(markStageRefusal({ signedOn, consumerWithdrawal: true }, day('2026-11-17'))).toBeNull();
    expect(markStageRefusal({ signedOn, consumerWithdrawal: false }, day('2026-11-03'))).toBeNull();
    expect(markStageRefusal({ signedOn: null, consumerWithdrawal: false }, day('2026-11-03'))?.code).toBe('PAYMENT_SCHEDULE_NOT_SIGNED');
  });
});

describe('payment schedule — a CCMI (R231-7, R231-8 CCH)', () => {
  const ccmi = (milestones: ScheduleMilestoneInput[], guarantee = true): PaymentScheduleInput => ({
    contractKind: guarantee ? 'ccmi_avec_garantie' : 'ccmi_sans_garantie',
    milestones,
  });
  const legal = [
    deposit(500),
    stage('permis_de_construire', 500),
    stage('ouverture_chantier', 500),
    stage('fin_gros_oeuvre', 2500),
    stage('hors_eau_hors_air', 3500),
    stage('reception', 2500),
  ];

  it('takes the legal scale with a garantie de remboursement', () => {
    expect(paymentScheduleRefusal(ccmi(legal), context())).toBeNull();
  });

  it('caps the deposit at 5 % with a guarantee, and refuses any payment before the works start without one', () => {
    expect(paymentScheduleRefusal(ccmi([deposit(600), stage('reception', 9400)]), context())).toMatchObject({
      code: 'PAYMENT_SCHEDULE_CCMI_CAP',
      params: { n: 1, max: '5 %' },
    });
    expect(paymentScheduleRefusal(ccmi([deposit(300), stage('reception', 9700)], false), context())?.code).toBe('PAYMENT_SCHEDULE_CCMI_NO_GUARANTEE');
    expect(
      paymentScheduleRefusal(ccmi([stage('ouverture_chantier', 1500), stage('fin_gros_oeuvre', 2500), stage('reception', 6000)], false), context()),
    ).toBeNull();
  });

  it('caps what is asked, cumulated, at each stage; stages only, in order, the balance at réception', () => {
    expect(
      paymentScheduleRefusal(ccmi([stage('ouverture_chantier', 1500), stage('fin_gros_oeuvre', 3000), stage('reception', 5500)]), context()),
    ).toMatchObject({
      code: 'PAYMENT_SCHEDULE_CCMI_CAP',
      params: { n: 2, max: '40 %' },
    });
    expect(paymentScheduleRefusal(ccmi([{ trigger: { kind: 'label', label: 'Charpente' }, percentBp: 1000 }, stage('reception', 9000)]), context())?.code).toBe(
      'PAYMENT_SCHEDULE_CCMI_STAGES_ONLY',
    );
    expect(paymentScheduleRefusal(ccmi([stage('fin_gros_oeuvre', 1000), stage('ouverture_chantier', 500), stage('reception', 8500)]), context())?.code).toBe(
      'PAYMENT_SCHEDULE_CCMI_STAGES_ORDER',
    );
    expect(paymentScheduleRefusal(ccmi([stage('ouverture_chantier', 1000), stage('hors_eau_hors_air', 9000)]), context())?.code).toBe(
      'PAYMENT_SCHEDULE_CCMI_CAP',
    );
  });
});
