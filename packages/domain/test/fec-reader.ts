/**
 * Reads a FEC file back and checks the format rules of the DGFiP's Test Compta Demat, written
 * from the text of LPF art. A47 A-1 and the tool's checks, sharing no code with `src/fec`. Used by
 * the domain's property test and the API tests (issue 37 §3, decision 1210).
 */

export const COLUMNS =
  'JournalCode JournalLib EcritureNum EcritureDate CompteNum CompteLib CompAuxNum CompAuxLib PieceRef PieceDate EcritureLib Debit Credit EcritureLet DateLet ValidDate Montantdevise Idevise'.split(
    ' ',
  );

export interface ReadLine {
  journal: string;
  num: string;
  date: string;
  account: string;
  aux: string;
  auxLib: string;
  piece: string;
  lib: string;
  debit: number;
  credit: number;
  letter: string;
  letterDate: string;
}

const MANDATORY = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'ValidDate',
];

function validDate(s: string): boolean {
  if (!/^\d{8}$/.test(s)) return false;
  const y = Number(s.slice(0, 4));
  const m = Number(s.slice(4, 6));
  const d = Number(s.slice(6, 8));
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return m >= 1 && m <= 12 && d >= 1 && d <= days[m - 1];
}

/** `1234,56` → 123456 cents, by the digits (no float). */
function cents(s: string): number {
  const m = /^(\d+),(\d{2})$/.exec(s);
  if (!m) throw new Error(`montant mal écrit : « ${s} » (virgule décimale, deux décimales, sans séparateur de milliers)`);
  return Number(m[1]) * 100 + Number(m[2]);
}

/** The lines of the file, or an error naming the first rule broken. */
export function readFec(file: string, period?: { start: string; end: string }): ReadLine[] {
  if (!file.endsWith('\r\n')) throw new Error('le fichier finit par CR LF');
  const records = file.slice(0, -2).split('\r\n');
  if (records.some((r) => r.includes('\n') || r.includes('\r'))) throw new Error('fin de ligne isolée');
  const header = records[0].split('\t');
  if (header.join('|') !== COLUMNS.join('|')) throw new Error(`en-tête : ${header.join('|')}`);
  const out: ReadLine[] = [];
  records.slice(1).forEach((record, i) => {
    const f = record.split('\t');
    const where = `ligne ${i + 2}`;
    if (f.length !== 18) throw new Error(`${where} : ${f.length} champs au lieu de 18`);
    const v = Object.fromEntries(COLUMNS.map((c, k) => [c, f[k]]));
    for (const c of MANDATORY) if (!v[c]) throw new Error(`${where} : ${c} vide`);
    for (const c of ['EcritureDate', 'PieceDate', 'ValidDate']) if (!validDate(v[c])) throw new Error(`${where} : ${c} « ${v[c]} » n’est pas AAAAMMJJ`);
    if (v.DateLet && !validDate(v.DateLet)) throw new Error(`${where} : DateLet`);
    if (!!v.EcritureLet !== !!v.DateLet) throw new Error(`${where} : EcritureLet et DateLet vont ensemble`);
    if (!!v.CompAuxNum !== !!v.CompAuxLib) throw new Error(`${where} : CompAuxNum et CompAuxLib vont ensemble`);
    if (!/^\d+$/.test(v.CompteNum) || v.CompteNum.length < 3) throw new Error(`${where} : CompteNum « ${v.CompteNum} »`);
    if (v.Montantdevise || v.Idevise) throw new Error(`${where} : devise renseignée sans opération en devise`);
    const debit = cents(v.Debit);
    const credit = cents(v.Credit);
    if (debit !== 0 && credit !== 0) throw new Error(`${where} : débit et crédit tous deux non nuls`);
    if (debit === 0 && credit === 0) throw new Error(`${where} : ligne sans montant`);
    if (v.ValidDate < v.EcritureDate) throw new Error(`${where} : validée avant sa date`);
    if (period && (v.EcritureDate < period.start.replaceAll('-', '') || v.EcritureDate > period.end.replaceAll('-', '')))
      throw new Error(`${where} : hors de l’exercice`);
    out.push({
      journal: v.JournalCode,
      num: v.EcritureNum,
      date: v.EcritureDate,
      account: v.CompteNum,
      aux: v.CompAuxNum,
      auxLib: v.CompAuxLib,
      piece: v.PieceRef,
      lib: v.EcritureLib,
      debit,
      credit,
      letter: v.EcritureLet,
      letterDate: v.DateLet,
    });
  });
  return out;
}

/** Σ debit − Σ credit per key. */
export function balances(lines: readonly ReadLine[], key: (l: ReadLine) => string | null): Map<string, number> {
  const m = new Map<string, number>();
  for (const l of lines) {
    const k = key(l);
    if (k !== null) m.set(k, (m.get(k) ?? 0) + l.debit - l.credit);
  }
  return m;
}

/** Each entry and each journal balances; entries are numbered 1, 2, 3… per journal, in date order. */
export function checkBalancedAndNumbered(lines: readonly ReadLine[]): void {
  for (const [entry, b] of balances(lines, (l) => `${l.journal} ${l.num}`)) if (b !== 0) throw new Error(`écriture ${entry} déséquilibrée de ${b}`);
  for (const [journal, b] of balances(lines, (l) => l.journal)) if (b !== 0) throw new Error(`journal ${journal} déséquilibré de ${b}`);
  const last = new Map<string, { num: number; date: string }>();
  for (const l of lines) {
    const n = Number(l.num);
    const prev = last.get(l.journal) ?? { num: 0, date: '' };
    if (n !== prev.num && n !== prev.num + 1) throw new Error(`journal ${l.journal} : écriture ${n} après ${prev.num}`);
    if (l.date < prev.date) throw new Error(`journal ${l.journal} : dates en désordre`);
    last.set(l.journal, { num: n, date: l.date });
  }
}
