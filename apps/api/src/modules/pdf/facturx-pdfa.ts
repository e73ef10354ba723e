import { FACTURX_FILE_NAME, FACTURX_REVISION } from './facturx-xml';
import type { Doc } from './layout';
import { escapeXml } from './xml';

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
  const properties = FX_PROPERTIES.map(
    ([name, description]) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`,
  ).join('');
  return `
        <rdf:Description rdf:about="" xmlns:fx="${FX_NS}">
          <fx:DocumentType>INVOICE</fx:DocumentType>
          <fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>
          <fx:Version>${FX_VERSION}</fx:Version>
          <fx:ConformanceLevel>${escapeXml(conformanceLevel)}</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX_NS}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${properties}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>`;
}

interface PdfkitInternals {
  info: { Title?: string; Author?: string; Subject?: string; Creator?: string; Producer?: string; CreationDate: Date };
  _addInfo: () => void;
}

/** pdfkit's own `_addInfo`, with every value escaped. */
function escapedInfoXmp(doc: Doc): void {
  const { info } = doc as unknown as PdfkitInternals;
  const text = (value: string | undefined) => escapeXml(String(value ?? ''));
  const parts = [
    `<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
          <xmp:CreateDate>${info.CreationDate.toISOString().split('.')[0]}Z</xmp:CreateDate>
          <xmp:CreatorTool>${text(info.Creator)}</xmp:CreatorTool>
        </rdf:Description>`,
    `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    info.Title ? `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${text(info.Title)}</rdf:li></rdf:Alt></dc:title>` : '',
    info.Author ? `<dc:creator><rdf:Seq><rdf:li>${text(info.Author)}</rdf:li></rdf:Seq></dc:creator>` : '',
    info.Subject ? `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${text(info.Subject)}</rdf:li></rdf:Alt></dc:description>` : '',
    `</rdf:Description>`,
    `<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
          <pdf:Producer>${text(info.Producer)}</pdf:Producer>
        </rdf:Description>`,
  ];
  doc.appendXML(parts.filter(Boolean).join('\n'));
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
