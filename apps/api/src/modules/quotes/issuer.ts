import type { QuoteIssuer } from '@ouvrage/contracts';
import type { Executor, InsuranceRow } from '@ouvrage/db';
import { QUOTE_MENTIONS, type CalendarDate, type IssuerMentions, type QuoteMention } from '@ouvrage/domain';
import { companiesOf, insurancesOf } from '../professionals';
import { findUser } from '../users';

/** The issuer's legal identity and insurance as the enterprise profile holds them now (decision 0510). */
export async function liveIssuer(db: Executor, userId: number): Promise<QuoteIssuer> {
  const [user, [company], insurances] = await Promise.all([findUser(db, userId), companiesOf(db, [userId]), insurancesOf(db, userId)]);
  const person = user ? `${user.firstname} ${user.lastname}`.trim() : '';
  const address = company?.headOfficeAddress
    ? [company.headOfficeAddress, [company.headOfficePostcode, company.headOfficeCity].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : null;
  return {
    id: userId,
    name: company?.raisonSociale || person,
    trade_name: company?.tradeName ?? null,
    legal_form: company?.formeJuridique ?? null,
    capital_cents: company?.capitalCents ?? null,
    address,
    siret: company?.siret ?? null,
    rcs_rm: company?.rcsRm ?? null,
    tva_number: company?.tvaNumber ?? null,
    email: company?.contactEmail || user?.email || null,
    phone: company?.contactPhone || user?.phone || null,
    decennale: insuranceSummary(insurances.find((i) => i.kind === 'decennale')),
    rc_pro: insuranceSummary(insurances.find((i) => i.kind === 'rc_pro')),
  };
}

function insuranceSummary(row: InsuranceRow | undefined): QuoteIssuer['decennale'] {
  if (!row) return null;
  return {
    insurer: row.insurer,
    insurer_address: row.insurerAddress,
    policy_number: row.policyNumber,
    coverage: row.coverage,
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    has_certificate: !!row.certificatePath,
  };
}

/** Only the company's name counts as « raison sociale »: the person's name is a fallback for display. */
function mentionsOf(issuer: QuoteIssuer, hasCompanyName: boolean): IssuerMentions {
  const insurance = (i: QuoteIssuer['decennale']) =>
    i
      ? {
          insurer: i.insurer,
          insurerAddress: i.insurer_address ?? null,
          policyNumber: i.policy_number,
          coverage: i.coverage,
          validUntil: i.valid_until as CalendarDate | null,
        }
      : null;
  return {
    name: hasCompanyName ? issuer.name : null,
    legalForm: issuer.legal_form,
    address: issuer.address,
    siret: issuer.siret,
    rcsRm: issuer.rcs_rm,
    tvaNumber: issuer.tva_number,
    decennale: insurance(issuer.decennale),
    rcPro: insurance(issuer.rc_pro),
  };
}

export async function hasCompanyName(db: Executor, userId: number): Promise<boolean> {
  const [company] = await companiesOf(db, [userId]);
  return !!company?.raisonSociale?.trim();
}

export { mentionsOf };

/** What the quote itself lacks to be sent: the client's and the site's address, a counted line. */
export function quoteMentionsMissing(q: { clientAddress: unknown; siteAddress: unknown }, countedLines: number): QuoteMention[] {
  const missing: QuoteMention[] = [];
  if (!q.clientAddress) missing.push('clientAddress');
  if (!q.siteAddress) missing.push('siteAddress');
  if (countedLines === 0) missing.push('lines');
  return missing;
}

export const mentionItems = (codes: readonly QuoteMention[]) => codes.map((code) => ({ code, label: QUOTE_MENTIONS[code] }));
