import { CONTENT_BOTTOM, type Doc, MARGIN, style, type TextStyle } from './layout';

/**
 * Right-to-left text in a PDF (the site log's Arabic copy, decision 1231). pdfkit lays a line out
 * left to right as one run; fontkit shapes Arabic and mirrors a run's glyphs, but it has no bidi
 * algorithm: the words of an Arabic sentence came out in the wrong order and French names or
 * figures inside it were turned around. Here a paragraph is wrapped on its logical words, then each
 * line is placed against its paragraph's edge (the right one in Arabic): an Arabic word drawn alone
 * (fontkit shapes it), and a run of left-to-right words (a name, a date, « Écully (69130) ») drawn
 * whole, in its own order — Arabic words typed in a French text too. Enough
 * for labels and the typed texts of a journal; not a full Unicode bidi implementation (no nested
 * embeddings; brackets swapped by hand).
 */

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const LTR_LETTER = /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]/;
/** The isolates and marks our texts may carry: DejaVu has no glyph for them, and the layout here replaces them. */
const DIRECTION_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

export type Direction = 'ltr' | 'rtl';

/** The direction of a text's first strong letter (as `dir="auto"`), else `fallback`. */
export function directionOf(text: string, fallback: Direction): Direction {
  for (const char of text) {
    if (RTL_LETTER.test(char)) return 'rtl';
    if (LTR_LETTER.test(char)) return 'ltr';
  }
  return fallback;
}

/** A word's kind: Arabic or Latin letters (its first), a number (digits, no letter), or neutral (punctuation). */
const wordKind = (word: string): Direction | 'number' | null => {
  for (const char of word) {
    if (RTL_LETTER.test(char)) return 'rtl';
    if (LTR_LETTER.test(char)) return 'ltr';
  }
  return /\d/.test(word) ? 'number' : null;
};

export const withoutMarks = (text: string) => text.replace(DIRECTION_MARKS, '');

/** A word, and the direction of the isolate (FSI … PDI) it was written in, if any: a value keeps its own. */
interface Word {
  text: string;
  isolate: Direction | null;
}

const ISOLATE = /\u2068([^\u2069]*)\u2069/g;

function wordsOf(hard: string): Word[] {
  const out: Word[] = [];
  // Text glued to an isolate (« ( », « ) », « : ») joins its first or last word.
  let glued = false;
  const push = (text: string, isolate: Direction | null) => {
    const parts = withoutMarks(text).split(/[ \t]+/);
    parts.forEach((part, i) => {
      const previous = out[out.length - 1];
      if (i === 0 && glued && previous && part) {
        previous.text += part;
        previous.isolate ??= isolate;
      } else if (part) out.push({ text: part, isolate });
    });
    glued = !/[ \t]$/.test(text) && text.length > 0;
  };
  let last = 0;
  for (const match of hard.matchAll(ISOLATE)) {
    push(hard.slice(last, match.index), null);
    if (match.index === last && last > 0) glued = true;
    const inner = match[1];
    push(inner, RTL_LETTER.test(inner) || LTR_LETTER.test(inner) ? directionOf(inner, 'ltr') : null);
    last = match.index + match[0].length;
  }
  push(hard.slice(last), null);
  return out;
}

/** The lines of a paragraph in `width`, on its words, as pdfkit would break them. */
function wrap(doc: Doc, text: string, width: number): Word[][] {
  const lines: Word[][] = [];
  for (const hard of text.split('\n')) {
    let line: Word[] = [];
    for (const word of wordsOf(hard)) {
      const next = [...line, word];
      if (line.length && doc.widthOfString(next.map((w) => w.text).join(' ')) > width) {
        lines.push(line);
        line = [word];
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * A line's runs in reading order. As the Unicode rules do, in short: a number after Latin letters
 * reads with them, after Arabic ones (or first, in an Arabic paragraph) it stands alone among the
 * Arabic words; a neutral word (« · », « — ») joins two neighbours of one direction, else takes
 * the paragraph's.
 */
function runs(words: Word[], base: Direction): Array<{ direction: Direction; words: string[] }> {
  let lastLetter: Direction = base;
  const kinds = words.map((word) => {
    const kind = word.isolate ?? wordKind(word.text);
    if (kind === 'rtl' || kind === 'ltr') lastLetter = kind;
    return kind === 'number' ? lastLetter : kind;
  });
  const resolved: Direction[] = kinds.map((k, i) => {
    if (k) return k;
    const before = kinds.slice(0, i).reverse().find(Boolean);
    const after = kinds.slice(i + 1).find(Boolean);
    return before && before === after ? before : base;
  });
  const out: Array<{ direction: Direction; words: string[] }> = [];
  words.forEach((word, i) => {
    const last = out[out.length - 1];
    if (last && last.direction === resolved[i]) last.words.push(word.text);
    else out.push({ direction: resolved[i], words: [word.text] });
  });
  return out;
}

const MIRROR: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '«': '»', '»': '«', '<': '>', '>': '<' };
const mirror = (text: string) => text.replace(/[()[\]«»<>]/g, (c) => MIRROR[c]);

/**
 * A word of a right-to-left run as drawn. fontkit turns an Arabic word's glyphs around, not its
 * brackets: they are swapped so that they still open towards the text. A figure is drawn left to
 * right, its punctuation moved to the other side (« 2) » reads « (2 », « 12/11/2026. » « .12/11/2026 »).
 */
function rightToLeft(word: string): string {
  if (RTL_LETTER.test(word)) return mirror(word);
  const figure = /^(\D*)(\d(?:.*\d)?)(\D*)$/.exec(word);
  if (!figure) return mirror([...word].reverse().join(''));
  const [, before, core, after] = figure;
  return mirror([...after].reverse().join('')) + core + mirror([...before].reverse().join(''));
}

/** Does the text need this layout (a right-to-left letter in it, or a right-to-left paragraph)? */
export const needsBidi = (text: string, base: Direction) => base === 'rtl' || RTL_LETTER.test(text);

const lineHeightOf = (doc: Doc, lineGap: number) => doc.currentLineHeight(true) + lineGap;

/** Height of a paragraph laid out here, in `width`. */
export function measureBidi(doc: Doc, text: string, width: number, s: TextStyle = {}, lineGap = 1): number {
  style(doc, s);
  return wrap(doc, text, width).length * lineHeightOf(doc, lineGap);
}

/**
 * Draw a paragraph of direction `base` in the box from `x` to `x + width`, starting at `doc.y`:
 * a right-to-left paragraph's lines against the right edge, a left-to-right one's against the left;
 * a line that would not fit starts a new page. Leaves `doc.y` under it.
 */
export function drawBidi(doc: Doc, text: string, x: number, width: number, base: Direction, s: TextStyle = {}, lineGap = 1): void {
  style(doc, s);
  const height = lineHeightOf(doc, lineGap);
  const space = doc.widthOfString(' ');
  for (const line of wrap(doc, text, width)) {
    if (doc.y + height > CONTENT_BOTTOM) {
      doc.addPage();
      doc.y = MARGIN.top;
      style(doc, s);
    }
    // Pieces from left to right: the runs in reading order, turned around in a right-to-left
    // paragraph; a left-to-right run drawn whole, an Arabic run word by word from its right end.
    const ordered = base === 'rtl' ? runs(line, base).reverse() : runs(line, base);
    const pieces = ordered.flatMap((run) => (run.direction === 'ltr' ? [run.words.join(' ')] : run.words.map(rightToLeft).reverse()));
    const widths = pieces.map((piece) => doc.widthOfString(piece));
    const total = widths.reduce((sum, w) => sum + w, 0) + space * Math.max(0, pieces.length - 1);
    let left = base === 'rtl' ? x + width - total : x;
    const y = doc.y;
    pieces.forEach((piece, i) => {
      doc.text(piece, left, y, { lineBreak: false });
      left += widths[i] + space;
    });
    doc.y = y + height;
  }
}
