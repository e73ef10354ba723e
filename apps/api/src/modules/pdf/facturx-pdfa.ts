import { FACTURX_FILE_NAME, FACTURX_REVISION } from './facturx-xml';
import type { Doc } from './layout';
import { el, xmlFragment } from './xml';

/**
 * What pdfkit lacks for a Factur-X PDF/A-3b (decision 0710). pdfkit 0.20 with `subset: 'PDF/A-3b'`
 * and PDF 1.7 already writes the pdfaid XMP (part 3, conformance B), the sRGB OutputIntent (the
 * IEC 61966-2.1 profile it ships, MIT package) and embeds font subsets; `file()` writes the
 * embedded file with /AFRelationship and lists it in the catalog's /AF. Added here: the Factur-X
 * XMP extension schema and properties, the embedded file's MIME type and dates, and XML escaping
 * of the document info pdfkit copies into the XMP unescaped (an issuer « Dupont & Fils » would
 * make the metadata unreadable, and PDF/A wants the XMP and the info dictionary to agree).
 */

export const PDFA_OPTIONS = { subset: 'PDF/A-3b', pdfVersion: '1.7' } as const;

const FX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/**
 * fx:Version is the version of the Factur-X standard, « 1.0 » for every 1.0.x revision (the
 * current one, 1.08, included: its specification keeps the value, and validators such as
 * Mustang accept only the versions they know); the revision is named in the attachment's
 * description (decision 1013).
 */
const FX_VERSION = '1.0';

/** The four fx: properties, each described as PDF/A requires for a schema it does not know. */
const FX_PROPERTIES: Array<[name: string, description: string]> = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
];

function facturXmp(conformanceLevel: string): string {
  const properties = FX_PROPERTIES.map(([name, description]) =>
    el('rdf:li', { 'rdf:parseType': 'Resource' }, [
      el('pdfaProperty:name', name),
      el('pdfaProperty:valueType', 'Text'),
      el('pdfaProperty:category', 'external'),
      el('pdfaProperty:description', description),
    ]),
  );
  return xmlFragment([
    el('rdf:Description', { 'rdf:about': '', 'xmlns:fx': FX_NS }, [
      el('fx:DocumentType', 'INVOICE'),
      el('fx:DocumentFileName', FACTURX_FILE_NAME),
      el('fx:Version', FX_VERSION),
      el('fx:ConformanceLevel', conformanceLevel),
    ]),
    el(
      'rdf:Description',
      {
        'rdf:about': '',
        'xmlns:pdfaExtension': 'http://www.aiim.org/pdfa/ns/extension/',
        'xmlns:pdfaSchema': 'http://www.aiim.org/pdfa/ns/schema#',
        'xmlns:pdfaProperty': 'http://www.aiim.org/pdfa/ns/property#',
      },
      [
        el('pdfaExtension:schemas', [
          el('rdf:Bag', [
            el('rdf:li', { 'rdf:parseType': 'Resource' }, [
              el('pdfaSchema:schema', 'Factur-X PDFA Extension Schema'),
              el('pdfaSchema:namespaceURI', FX_NS),
              el('pdfaSchema:prefix', 'fx'),
              el('pdfaSchema:property', [el('rdf:Seq', properties)]),
            ]),
          ]),
        ]),
      ],
    ),
  ]);
}

interface PdfkitInternals {
  info: { Title?: string; Author?: string; Subject?: string; Creator?: string; Producer?: string; CreationDate: Date };
  _addInfo: () => void;
}

/** pdfkit's own `_addInfo`, its values escaped by the XML builder. */
function escapedInfoXmp(doc: Doc): void {
  const { info } = doc as unknown as PdfkitInternals;
  const text = (value: string | undefined) => String(value ?? '');
  const alt = (value: string) => el('rdf:Alt', [el('rdf:li', { 'xml:lang': 'x-default' }, value)]);
  doc.appendXML(
    xmlFragment([
      el('rdf:Description', { 'rdf:about': '', 'xmlns:xmp': 'http://ns.adobe.com/xap/1.0/' }, [
        el('xmp:CreateDate', `${info.CreationDate.toISOString().split('.')[0]}Z`),
        el('xmp:CreatorTool', text(info.Creator)),
      ]),
      el('rdf:Description', { 'rdf:about': '', 'xmlns:dc': 'http://purl.org/dc/elements/1.1/' }, [
        info.Title ? el('dc:title', [alt(info.Title)]) : null,
        info.Author ? el('dc:creator', [el('rdf:Seq', [el('rdf:li', info.Author)])]) : null,
        info.Subject ? el('dc:description', [alt(info.Subject)]) : null,
      ]),
      el('rdf:Description', { 'rdf:about': '', 'xmlns:pdf': 'http://ns.adobe.com/pdf/1.3/' }, [el('pdf:Producer', text(info.Producer))]),
    ]),
  );
}

export interface FacturXAttachment {
  xml: string;
  /** When the invoice was issued: the embedded file's dates, so the same invoice gives the same attachment. */
  issuedAt: Date;
  conformanceLevel?: 'EN 16931';
}

/**
 * Attach the CII XML to a document created with `PDFA_OPTIONS` as `factur-x.xml`
 * (/AFRelationship /Alternative, MIME text/xml, listed in the catalog's /AF) and describe it in
 * the XMP. Call before `finish`.
 */
export function attachFacturX(doc: Doc, attachment: FacturXAttachment): void {
  (doc as unknown as PdfkitInternals)._addInfo = () => escapedInfoXmp(doc);
  const options = {
    name: FACTURX_FILE_NAME,
    type: 'text/xml',
    relationship: 'Alternative',
    description: `Factur-X ${FACTURX_REVISION} (EN 16931)`,
    creationDate: attachment.issuedAt,
    modifiedDate: attachment.issuedAt,
  };
  doc.file(Buffer.from(attachment.xml, 'utf8'), options as Parameters<Doc['file']>[1]);
  doc.appendXML(facturXmp(attachment.conformanceLevel ?? 'EN 16931'));
}
