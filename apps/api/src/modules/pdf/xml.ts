import { XMLBuilder } from 'fast-xml-parser';

/**
 * XML for the Factur-X invoice and its PDF's XMP metadata (decisions 0710, 1120): elements as
 * data, written by fast-xml-parser's `XMLBuilder`, which escapes & < > " ' in text and attribute
 * values and keeps attributes in the order given; no caller ever concatenates markup by hand.
 */
export interface XmlElement {
  name: string;
  attributes?: Record<string, string>;
  /** Text content or child elements; `null`/`undefined` children are skipped (optional fields). */
  children?: string | ReadonlyArray<XmlElement | null | undefined | false>;
}

/** `el('ram:ID', { schemeID: '0002' }, '123')` or `el('ram:SellerTradeParty', [ ...children ])`. */
export function el(name: string, attributesOrChildren?: Record<string, string> | XmlElement['children'], children?: XmlElement['children']): XmlElement {
  if (typeof attributesOrChildren === 'string' || Array.isArray(attributesOrChildren))
    return { name, children: attributesOrChildren as XmlElement['children'] };
  return { name, attributes: attributesOrChildren as Record<string, string> | undefined, children };
}

/**
 * Characters XML 1.0 forbids anywhere (C0 controls but tab, LF, CR), dropped rather than written:
 * the builder escapes markup but leaves them, and one would make the whole document unreadable.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const clean = (text: string) => text.replace(FORBIDDEN, '');

/** The builder's ordered form (`preserveOrder`): `{ name: [children], ':@': { '@_attr': value } }`. */
type OrderedNode = Record<string, unknown>;

function ordered(e: XmlElement): OrderedNode {
  const children = typeof e.children === 'string' ? [{ '#text': clean(e.children) }] : (e.children ?? []).filter((c): c is XmlElement => !!c).map(ordered);
  const attributes = Object.entries(e.attributes ?? {});
  return attributes.length ? { [e.name]: children, ':@': Object.fromEntries(attributes.map(([k, v]) => [`@_${k}`, clean(v)])) } : { [e.name]: children };
}

const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  processEntities: true,
  suppressEmptyNode: true,
  format: true,
  indentBy: '  ',
});

/** Elements without a declaration (the XMP descriptions pdfkit appends to its packet). */
export function xmlFragment(elements: ReadonlyArray<XmlElement | null | undefined | false>): string {
  // The builder starts each top-level element on a new line, the first one included.
  return (builder.build(elements.filter((e): e is XmlElement => !!e).map(ordered)) as string).trim();
}

/** The whole document, UTF-8, with its declaration. */
export function xmlDocument(root: XmlElement): string {
  const declaration = { '?xml': [{ '#text': '' }], ':@': { '@_version': '1.0', '@_encoding': 'UTF-8' } };
  return `${(builder.build([declaration, ordered(root)]) as string).trimEnd()}\n`;
}
