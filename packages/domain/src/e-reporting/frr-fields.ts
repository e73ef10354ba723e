/**
 * The element names of an e-reporting flow (flux 10, syntax FRR), in one place (decision 1213).
 * From the DGFiP external specifications, « Annexe 6 — format sémantique e-reporting »: a
 * `Report` whose `ReportDocument` says who sends what (TT-1 transmission id, TT-3 type, issuer
 * SIREN scheme 0002), then a `TransactionsReport` (10.3: aggregated lines per day, currency,
 * category and rate) or a `PaymentsReport` (10.4: per day of payment and rate). The exact XSD is
 * not in the repository: names and nesting follow the annex's blocks as we know them; a PA that
 * reads them otherwise changes this file only.
 */
export const FRR = {
  root: 'Report',
  document: 'ReportDocument',
  id: 'Id',
  name: 'Name',
  issueDateTime: 'IssueDateTime',
  dateTimeString: 'DateTimeString',
  typeCode: 'TypeCode',
  /** The report this one corrects (a correction is a new report, decision 1213). */
  previousId: 'PreviousId',
  issuer: 'Issuer',
  globalId: 'GlobalID',
  issuerName: 'Name',
  transactionsReport: 'TransactionsReport',
  paymentsReport: 'PaymentsReport',
  period: 'ReportPeriod',
  startDate: 'StartDate',
  endDate: 'EndDate',
  transactions: 'Transactions',
  date: 'Date',
  currency: 'CurrencyCode',
  category: 'CategoryCode',
  taxExclusive: 'TaxExclusiveAmount',
  taxTotal: 'TaxTotal',
  count: 'TransactionsCount',
  taxSubTotal: 'TaxSubTotal',
  taxableAmount: 'TaxableAmount',
  taxAmount: 'TaxAmount',
  taxCategory: 'TaxCategoryCode',
  percent: 'Percent',
  payment: 'Payment',
  subTotals: 'SubTotals',
  amount: 'Amount',
} as const;

/** Attribute values of the annex: SIREN scheme, date formats (UNTDID 2379), report types. */
export const FRR_VALUES = {
  sirenScheme: '0002',
  dateFormat: '102',
  dateTimeFormat: '204',
  /** IN: initial report; RE: a correction of an earlier one. */
  initial: 'IN',
  correction: 'RE',
  /** UNTDID 5305: S standard rate, Z zero rate. */
  standardTax: 'S',
  zeroTax: 'Z',
} as const;
