import { formatEuros, formatPercent, REDUCED_TVA_CERTIFICATION, REDUCED_TVA_CERTIFICATION_ENERGY } from '@ouvrage/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderQuotePdf } from '../../src/modules/pdf';
import { buildQuote, manyLines, RENOVATION_LOTS } from './quote-fixture';
import { certificatePdf, normalise, pdfFonts, pdfPages, pdfText } from './pdf-text';

const generatedAt = new Date('2026-11-23T10:00:00Z');
const render = (quote = buildQuote(), extra: Partial<Parameters<typeof renderQuotePdf>[0]> = {}) =>
  renderQuotePdf({ quote, logo: null, certificates: [], generatedAt, ...extra });
const eur = (cents: number) => normalise(formatEuros(cents));
const pct = (bp: number) => normalise(formatPercent(bp));

const logoPng = () =>
  sharp({ create: { width: 240, height: 90, channels: 3, background: '#2f6f4e' } })
    .png()
    .toBuffer();

describe('quote PDF: mandatory mentions', () => {
  it('carries the title, number, dates, issuer, client, site, lines, totals, terms, insurance and signature area', async () => {
    const quote = buildQuote();
    const pdf = await render(quote, { logo: { bytes: await logoPng(), mime: 'image/png' } });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    const expected = [
      'DEVIS',
      'N° D-2026-0007 v2',
      'Date d’émission : 22/11/2026',
      'Valable 30 jours, jusqu’au 22/12/2026',
      // Issuer identity
      'Atelier Lœvenbruck Architecture',
      'Nom commercial : Atelier L’Œuvre',
      'SARL au capital de 10 000 €',
      'Siège : 12 rue des Écoles, 75005 Paris',
      'SIRET : 732 829 320 00074',
      'RCS Paris 732 829 320',
      'N° TVA intracommunautaire : FR44732829320',
      'contact@atelier-loeuvre.fr',
      '01 42 00 00 00',
      // Client and site
      'Chloé Dupont-Lefèvre',
      '4 impasse des Lilas 69003 Lyon',
      'Adresse du chantier'.toUpperCase(),
      '58 rue de la Roquette 75011 Paris',
      'Objet : Rénovation de la salle de bains et ouverture du séjour',
      // Lines per lot: quantity with decimals and unit, unit price, rate, discount, total
      'Lot 1 — Démolition et gros œuvre',
      'Dépose de la cloison existante',
      'Cloison en carreaux de plâtre',
      `12,5 m² ${eur(3_850)} 10 % — ${eur(48_125)}`,
      `8,125 ml ${eur(2_475)} 10 % 12,5 % ${eur(quote.lots[1].lines[1].net_ht_cents)}`,
      `${eur(-15_000)}`,
      'Option — non comprise dans le total',
      `Sous-total Lot 2 — Plomberie : ${eur(quote.lots[1].subtotal_ht_cents)} HT`,
      `Sous-total Lot 3 — Électricité : ${eur(quote.lots[2].subtotal_ht_cents)} HT`,
      // Totals
      `Total HT ${eur(quote.totals.total_ht_cents)}`,
      ...quote.totals.by_rate.map((r) => `TVA ${pct(r.rate_bp)} sur ${eur(r.base_cents)} ${eur(r.tva_cents)}`),
      `Total TVA ${eur(quote.totals.total_tva_cents)}`,
      `Total TTC ${eur(quote.totals.total_ttc_cents)}`,
      `Options non comprises (1) ${eur(42_000)} HT`,
      `Acompte à la commande (30 % du TTC) ${eur(quote.deposit_cents)}`,
      `Retenue de garantie (5 % du TTC) ${eur(Math.round(quote.totals.total_ttc_cents * 0.05))}`,
      // Terms
      'Conditions de paiement : 30 % à la commande',
      'Pénalités de retard : taux annuel de 12 %',
      'Retenue de garantie : 5 % du montant TTC des travaux',
      'Prix du devis : Devis gratuit.',
      // Insurance (loi 96-603 art. 22-2)
      'Assurance responsabilité civile décennale : MAF Assurances, contrat n° DEC-2026-4471, couverture géographique : France métropolitaine, validité du 01/01/2026 au 31/12/2026.',
      'Assurance responsabilité civile professionnelle : Axa France IARD, contrat n° RCP-889 102',
      'article 22-2 de la loi n° 96-603 du 5 juillet 1996',
      // Free text and general conditions
      'Les travaux débuteront sous trois semaines',
      'Conditions générales',
      'Article 1 — Objet.',
      // Signature area
      'Bon pour accord',
      'Date de signature : ____ / ____ / ________',
      '« Lu et approuvé, bon pour accord »',
      'Signature du client',
      // the consumer's withdrawal form is the last page (decision 1042)
      'Page 1 / 4',
      'Page 4 / 4',
      'Devis D-2026-0007 v2',
    ];
    for (const mention of expected) expect(text, mention).toContain(normalise(mention));
    // Professional clients only: a homeowner's quote prints the penalty rate, not the 40 € indemnity.
    expect(text).not.toContain('40 €');
    expect(text).not.toContain('BROUILLON');
  });

  it('prints the reduced-TVA certification in the signature area only when a line is at 10 % or 5,5 %', async () => {
    const withReduced = await pdfText(await render());
    const certification = normalise(REDUCED_TVA_CERTIFICATION);
    expect(withReduced).toContain('Certification du client (TVA à taux réduit)');
    expect(withReduced).toContain(certification);
    expect(withReduced.indexOf(certification)).toBeGreaterThan(withReduced.indexOf('Bon pour accord'));
    expect(withReduced.indexOf(certification)).toBeLessThan(withReduced.indexOf('Signature du client'));
    expect(withReduced).not.toContain(normalise(REDUCED_TVA_CERTIFICATION_ENERGY));

    const energyLots = [
      {
        title: 'Isolation',
        lines: [{ designation: 'Isolation des combles', quantityMilli: 60_000, unit: 'm²' as const, unitPriceCents: 3_500, tvaRateBp: 550 as const }],
      },
    ];
    const energy = await pdfText(await render(buildQuote({ lots: energyLots })));
    expect(energy).toContain(normalise(REDUCED_TVA_CERTIFICATION_ENERGY));
    expect(energy).toContain('TVA 5,5 % sur');

    const standardLots = RENOVATION_LOTS.map((lot) => ({ ...lot, lines: lot.lines.map((l) => ({ ...l, tvaRateBp: 2000 as const })) }));
    const standard = await pdfText(await render(buildQuote({ lots: standardLots })));
    expect(standard).not.toContain('Certification du client');
    expect(standard).not.toContain(normalise(REDUCED_TVA_CERTIFICATION).slice(0, 60));
    expect(standard).toContain('Bon pour accord');
  });

  it('leaves out the retenue de garantie when none is chosen, and prints the price of a paid quote', async () => {
    const text = await pdfText(await render(buildQuote({ overrides: { retention_bp: 0, is_free: false, quote_price_cents: 4_900 } })));
    expect(text).not.toContain('Retenue de garantie');
    expect(text).toContain(`Prix du devis : devis payant, ${eur(4_900)} TTC.`);
    expect(text).not.toContain('Devis gratuit');
  });

  it('marks the options the client took and prints the accepted totals', async () => {
    const lots = RENOVATION_LOTS.map((lot) => ({ ...lot, lines: lot.lines.map((l) => (l.optional ? { ...l, chosen: true } : l)) }));
    const quote = buildQuote({ lots, overrides: { status: 'Accepté' } });
    const accepted = { ...quote.totals };
    const text = await pdfText(await render({ ...quote, accepted_totals: accepted }));
    expect(text).toContain('Option retenue par le client');
    expect(text).not.toContain('Option — non comprise');
    expect(text).toContain(`Total TTC avec les options retenues ${eur(accepted.total_ttc_cents)}`);
  });

  it('gives a dépannage quote the mentions of the arrêté of 24 January 2017', async () => {
    const lots = [
      {
        title: 'Dépannage chauffe-eau',
        lines: [
          { designation: 'Main-d’œuvre plombier', quantityMilli: 1_500, unit: 'h' as const, unitPriceCents: 6_000, tvaRateBp: 1000 as const },
          { designation: 'Groupe de sécurité', quantityMilli: 1_000, unit: 'u' as const, unitPriceCents: 3_890, tvaRateBp: 1000 as const },
        ],
      },
    ];
    const text = await pdfText(await render(buildQuote({ lots, overrides: { kind: 'depannage', travel_cost_cents: 3_500, retention_bp: 0 } })));
    expect(text).toContain('arrêté du 24 janvier 2017');
    // HT, counted in the total as their own lot (decision 1002).
    expect(text).toContain(`Frais de déplacement : ${eur(3_500)} HT, forfait compté dans le total`);
    expect(text).toContain(`Taux horaire — Main-d’œuvre plombier : ${eur(6_000)} HT, soit ${eur(6_600)} TTC de l’heure`);
    expect(text).toContain('Les pièces, éléments ou appareils remplacés sont restitués au client');
    expect(text).toContain('Nature : dépannage, réparation ou entretien');

    const noTravel = await pdfText(await render(buildQuote({ lots, overrides: { kind: 'depannage', travel_cost_cents: null } })));
    expect(noTravel).toContain('Frais de déplacement : aucuns frais de déplacement.');

    const works = await pdfText(await render());
    expect(works).not.toContain('arrêté du 24 janvier 2017');
    expect(works).not.toContain('Frais de déplacement');
  });

  it('dates a draft on the day it is generated and marks every page « BROUILLON — document non contractuel »', async () => {
    const draft = buildQuote({
      lots: manyLines(60),
      overrides: { status: 'Brouillon', number: null, label: 'Brouillon', version: 1, sent_at: null, valid_until: null },
    });
    const pages = await pdfPages(await render(draft));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain('BROUILLON — document non contractuel');
    expect(pages[0]).toContain('Date d’émission : 23/11/2026');
    expect(pages[0]).toContain('Valable 30 jours, jusqu’au 23/12/2026');
    expect(pages[0]).toContain('Brouillon — numéro attribué à l’envoi');
  });
});

describe('quote PDF: insurance certificates annexed (C. assur. L243-2)', () => {
  it('draws a PNG certificate on an annex page and appends each page of a PDF certificate, titled', async () => {
    const quote = buildQuote();
    const without = await pdfPages(await render(quote));
    const png = await sharp({ create: { width: 600, height: 850, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const certificate = await certificatePdf(['ATTESTATION RC PRO AXA page une', 'Conditions particulieres page deux']);
    const pdf = await render(quote, {
      certificates: [
        { kind: 'decennale', name: 'attestation-decennale.png', mime: 'image/png', bytes: png },
        { kind: 'rc_pro', name: 'attestation-rc-pro.pdf', mime: 'application/pdf', bytes: certificate },
      ],
    });
    const pages = await pdfPages(pdf);
    expect(pages.length).toBe(without.length + 3);
    const [decennale, rcPro1, rcPro2] = pages.slice(without.length);
    expect(decennale).toContain('Annexe 1 — Attestation d’assurance responsabilité civile décennale');
    expect(decennale).toContain('attestation-decennale.png');
    expect(decennale).toContain('article L243-2 du code des assurances');
    expect(rcPro1).toContain('Annexe 2 — Attestation d’assurance responsabilité civile professionnelle');
    expect(rcPro1).toContain('attestation-rc-pro.pdf — page 1 / 2');
    // The certificate's own pages are drawn into the annex pages, in order.
    expect(rcPro1).toContain('ATTESTATION RC PRO AXA page une');
    expect(rcPro2).toContain('page 2 / 2');
    expect(rcPro2).toContain('Conditions particulieres page deux');
    const total = pages.length;
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} / ${total}`));
    expect(pages.join(' ')).toContain('Les attestations d’assurance sont jointes en annexe');
  });

  it('refuses an unreadable certificate with a French 422 instead of a broken document', async () => {
    const broken = { kind: 'decennale' as const, name: 'attestation.pdf', mime: 'application/pdf', bytes: Buffer.from('pas un PDF') };
    await expect(render(buildQuote(), { certificates: [broken] })).rejects.toMatchObject({ code: 'QUOTE_PDF_FILE_UNREADABLE', status: 422 });
    const gif = { kind: 'rc_pro' as const, name: 'attestation.gif', mime: 'image/gif', bytes: Buffer.from('GIF89a') };
    await expect(render(buildQuote(), { certificates: [gif] })).rejects.toMatchObject({ code: 'QUOTE_PDF_FILE_UNREADABLE', status: 422 });
  });
});

describe('quote PDF: fonts and long quotes', () => {
  // poppler-utils is installed by scripts/ensure-debian-packages.sh, like the seal tests' pdfsig.
  it('embeds its fonts (checked with pdffonts from poppler-utils)', async () => {
    const certificate = await certificatePdf(['Certificat']);
    const fonts = pdfFonts(await render(buildQuote(), { certificates: [{ kind: 'rc_pro', name: 'rc.pdf', mime: 'application/pdf', bytes: certificate }] }));
    const ours = fonts.filter((f) => f.name.includes('DejaVuSans'));
    expect(ours.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSans-Oblique']);
    for (const font of ours) expect(font.embedded, font.name).toBe(true);
    const plain = pdfFonts(await render());
    expect(plain.length).toBeGreaterThan(0);
    for (const font of plain) expect(font.embedded, font.name).toBe(true);
  });

  it('renders the same bytes when documents are rendered concurrently (the parsed fonts are shared)', async () => {
    const certificate = await certificatePdf(['Certificat']);
    const inputs = [buildQuote(), buildQuote({ lots: manyLines(40), overrides: { kind: 'depannage', status: 'Brouillon' } })].map((quote) => ({
      quote,
      logo: null,
      certificates: [{ kind: 'rc_pro' as const, name: 'rc.pdf', mime: 'application/pdf', bytes: certificate }],
      generatedAt,
    }));
    const sequential: Buffer[] = [];
    for (const input of inputs) sequential.push(await renderQuotePdf(input));
    const concurrent = await Promise.all([...inputs, ...inputs].map((input) => renderQuotePdf(input)));
    concurrent.forEach((pdf, i) => expect(pdf.equals(sequential[i % 2]), `rendu ${i}`).toBe(true));
    expect(sequential[0].equals(sequential[1])).toBe(false);
  });

  it('paginates a 200-line quote: every line once, the table header on each page, « Page n / N » on every footer', async () => {
    const quote = buildQuote({ lots: manyLines(200) });
    expect(quote.lots.flatMap((l) => l.lines)).toHaveLength(200);
    const pages = await pdfPages(await render(quote));
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} / ${pages.length}`);
      expect(page).toContain('Devis D-2026-0007 v2');
    });
    const all = pages.join(' ');
    for (const lot of quote.lots) {
      for (const line of lot.lines) {
        // A line is never cut: its designation and its total are on the same page.
        const page = pages.find((p) => new RegExp(`${line.designation}(?!\\d)`).test(p));
        expect(page, line.designation).toBeDefined();
        expect(page).toContain(eur(line.net_ht_cents));
      }
    }
    const tablePages = pages.filter((p) => /poste \d+/.test(p));
    expect(tablePages.length).toBeGreaterThan(1);
    for (const page of tablePages) expect(page).toContain('Désignation Qté Unité PU HT TVA Remise Total HT');
    for (const page of tablePages.slice(1)) expect(page).toMatch(/\(suite\)|Lot \d — /);
    expect(all).toContain(`Total TTC ${eur(quote.totals.total_ttc_cents)}`);
  });
});
