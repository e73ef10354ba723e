/**
 * Text strings of a PDF dictionary as written by PDF producers (PDF 32000-1 §7.9.2.2): UTF-16BE
 * with its byte-order mark, or PDFDocEncoding, which is Latin-1 except for a few code points.
 */
const PDF_DOC_ENCODING: Record<number, string> = Object.fromEntries(
  [
    [0x18, 0x2d8],
    [0x19, 0x2c7],
    [0x1a, 0x2c6],
    [0x1b, 0x2d9],
    [0x1c, 0x2dd],
    [0x1d, 0x2db],
    [0x1e, 0x2da],
    [0x1f, 0x2dc],
    [0x80, 0x2022],
    [0x81, 0x2020],
    [0x82, 0x2021],
    [0x83, 0x2026],
    [0x84, 0x2014],
    [0x85, 0x2013],
    [0x86, 0x192],
    [0x87, 0x2044],
    [0x88, 0x2039],
    [0x89, 0x203a],
    [0x8a, 0x2212],
    [0x8b, 0x2030],
    [0x8c, 0x201e],
    [0x8d, 0x201c],
    [0x8e, 0x201d],
    [0x8f, 0x2018],
    [0x90, 0x2019],
    [0x91, 0x201a],
    [0x92, 0x2122],
    [0x93, 0xfb01],
    [0x94, 0xfb02],
    [0x95, 0x141],
    [0x96, 0x152],
    [0x97, 0x160],
    [0x98, 0x178],
    [0x99, 0x17d],
    [0x9a, 0x131],
    [0x9b, 0x142],
    [0x9c, 0x153],
    [0x9d, 0x161],
    [0x9e, 0x17e],
    [0xa0, 0x20ac],
  ].map(([byte, code]) => [byte, String.fromCharCode(code)]),
);

/** A literal or hex string entry of the signature dictionary, decoded (PDFDocEncoding or UTF-16BE). */
export function pdfString(dict: string, key: string): string | null {
  const hex = new RegExp(`/${key}\\s*<([0-9a-fA-F\\s]*)>`).exec(dict);
  const literal = new RegExp(`/${key}\\s*\\(((?:\\\\.|[^\\\\)])*)\\)`).exec(dict);
  let bytes: Buffer;
  if (hex) bytes = Buffer.from(hex[1].replace(/\s/g, ''), 'hex');
  else if (literal)
    bytes = Buffer.from(
      literal[1].replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) => unescape(e)),
      'latin1',
    );
  else return null;
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  return [...bytes].map((b) => PDF_DOC_ENCODING[b] ?? String.fromCharCode(b)).join('');
}

function unescape(e: string): string {
  const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
  return simple[e] ?? String.fromCharCode(parseInt(e, 8));
}
