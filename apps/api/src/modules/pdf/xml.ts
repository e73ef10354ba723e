/**
 * A very small XML writer for the Factur-X invoice (decision 0710): elements as data, text and
 * attribute values escaped once here, so no caller ever concatenates markup by hand.
 */
export interface XmlElement {
  name: string;
  attributes?: Record<string, string>;
  /** Text content or child elements; `null`/`undefined` children are skipped (optional fields). */
  children?: string | ReadonlyArray<XmlElement | null | undefined | false>;
}

/** Characters XML 1.0 forbids anywhere (C0 controls but tab, LF, CR), dropped rather than written. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
  return text.replace(FORBIDDEN, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** `el('ram:ID', { schemeID: '0002' }, '123')` or `el('ram:SellerTradeParty', [ ...children ])`. */
export function el(name: string, attributesOrChildren?: Record<string, string> | XmlElement['children'], children?: XmlElement['children']): XmlElement {
  if (typeof attributesOrChildren === 'string' || Array.isArray(attributesOrChildren)) return { name, children: attributesOrChildren as XmlElement['children'] };
  return { name, attributes: attributesOrChildren as Record<string, string> | undefined, children };
}

function write(e: XmlElement, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const attributes = Object.entries(e.attributes ?? {})
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  if (e.children === undefined || (Array.isArray(e.children) && !e.children.some(Boolean))) {
    out.push(`${pad}<${e.name}${attributes}/>`);
  } else if (typeof e.children === 'string') {
    out.push(`${pad}<${e.name}${attributes}>${escapeXml(e.children)}</${e.name}>`);
  } else {
    out.push(`${pad}<${e.name}${attributes}>`);
    for (const child of e.children) if (child) write(child, depth + 1, out);
    out.push(`${pad}</${e.name}>`);
  }
}

/** The whole document, UTF-8, with its declaration. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, 0, out);
  return `${out.join('\n')}\n`;
}
