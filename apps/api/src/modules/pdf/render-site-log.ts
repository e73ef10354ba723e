import { formatParisTime, isolateAuto, type Language, type UserType } from '@ouvrage/domain';
import { directionOf, drawBidi, measureBidi, needsBidi, withoutMarks, type Direction } from './bidi-text';
import { FONT } from './fonts';
import { addressLines, day, dayOf } from './french';
import { openImage, type PdfImage } from './images';
import { CONTENT_WIDTH, createDocument, type Doc, ensureSpace, finish, MARGIN, measure, MUTED, paletteOf, RULE, SHADE, style, type TextStyle } from './layout';
import { decoratePages } from './page-decorations';

/**
 * The site log's PDF (decision 1231): the whole journal of a project, dated, for the file of the
 * works — the project, its address and client, then every entry in the order written (number, day,
 * author, lot, weather stoppage, text, the corrections both ways, comments, photos two by two at a
 * readable size), page numbers and the day it was generated. In the reader's language; in Arabic
 * the page reads from the right (`bidi-text.ts`), and whatever was typed keeps its own direction.
 * The photos are the stored copies, without metadata: no GPS position is ever printed.
 */
export interface SiteLogPdfPerson {
  name: string;
  role: UserType;
}

export interface SiteLogPdfEntry {
  number: number;
  /** YYYY-MM-DD, the day of the works. */
  workDate: string;
  createdAt: Date;
  author: SiteLogPdfPerson;
  lotLabel: string | null;
  weatherStop: boolean;
  weatherNote: string | null;
  body: string;
  corrects: { number: number; workDate: string } | null;
  correctedBy: { number: number; workDate: string } | null;
  comments: Array<{ author: SiteLogPdfPerson; body: string; createdAt: Date }>;
  /** JPEG or PNG bytes (the caller converts the others), in the entry's order. */
  photos: Array<{ bytes: Buffer; mime: string; takenAt: Date | null }>;
}

export interface SiteLogPdfInput {
  language: Language;
  project: { id: number; title: string; address: { street: string; postcode: string; city: string } | null };
  client: { name: string };
  /** The oldest first. */
  entries: SiteLogPdfEntry[];
  generatedAt: Date;
}

type Texts = Record<Language, string>;
const T = {
  title: { fr: 'Journal de chantier', en: 'Site log', ar: 'سجل الورشة' },
  project: { fr: 'Projet n° {id} : {title}', en: 'Project no. {id}: {title}', ar: 'المشروع رقم {id}: {title}' },
  address: { fr: 'Adresse du chantier : {address}', en: 'Site address: {address}', ar: 'عنوان الورشة: {address}' },
  client: { fr: 'Client (maître d’ouvrage) : {name}', en: 'Client: {name}', ar: 'العميل: {name}' },
  generated: { fr: 'Document généré le {date} à {time}', en: 'Generated on {date} at {time}', ar: 'أُنشئ في {date} الساعة {time}' },
  count: { fr: 'Entrées au journal : {count}', en: 'Entries in the log: {count}', ar: 'عدد الإدخالات في السجل: {count}' },
  rule: {
    fr: 'Les entrées ne sont jamais modifiées : une erreur se corrige par une nouvelle entrée.',
    en: 'Entries are never edited: a mistake is corrected by a new entry.',
    ar: 'لا تُعدَّل الإدخالات أبدًا: يُصحَّح الخطأ بإدخال جديد.',
  },
  empty: { fr: 'Aucune entrée pour le moment.', en: 'No entry yet.', ar: 'لا يوجد أي إدخال حتى الآن.' },
  heading: { fr: 'Entrée n° {number} · {date}', en: 'Entry no. {number} · {date}', ar: 'الإدخال رقم {number} · {date}' },
  written: {
    fr: 'Écrite par {name} ({role}) le {date} à {time}',
    en: 'Written by {name} ({role}) on {date} at {time}',
    ar: 'كتبها {name} ({role}) في {date} الساعة {time}',
  },
  lot: { fr: 'Lot : {lot}', en: 'Trade: {lot}', ar: 'الحصة: {lot}' },
  weather: { fr: 'Arrêt pour intempéries : {note}', en: 'Bad-weather stoppage: {note}', ar: 'توقف بسبب سوء الأحوال الجوية: {note}' },
  weatherNoNote: { fr: 'Arrêt pour intempéries', en: 'Bad-weather stoppage', ar: 'توقف بسبب سوء الأحوال الجوية' },
  corrects: { fr: 'Corrige l’entrée n° {number} du {date}', en: 'Corrects entry no. {number} of {date}', ar: 'يصحّح الإدخال رقم {number} بتاريخ {date}' },
  correctedBy: {
    fr: 'Corrigée par l’entrée n° {number} du {date}',
    en: 'Corrected by entry no. {number} of {date}',
    ar: 'صُحِّح بالإدخال رقم {number} بتاريخ {date}',
  },
  comments: { fr: 'Commentaires ({count})', en: 'Comments ({count})', ar: 'التعليقات ({count})' },
  comment: { fr: '{name} ({role}), le {date} à {time} :', en: '{name} ({role}), on {date} at {time}:', ar: '{name} ({role})، في {date} الساعة {time}:' },
  photo: { fr: 'Photo {index} sur {count}', en: 'Photo {index} of {count}', ar: 'الصورة {index} من {count}' },
  taken: {
    fr: 'Photo {index} sur {count} · prise le {date} à {time}',
    en: 'Photo {index} of {count} · taken on {date} at {time}',
    ar: 'الصورة {index} من {count} · التُقطت في {date} الساعة {time}',
  },
  unreadable: { fr: 'Photo {index} illisible, non reproduite.', en: 'Photo {index} unreadable, not reproduced.', ar: 'الصورة {index} غير مقروءة، لم تُدرج.' },
  footer: { fr: 'Ouvrage · Journal de chantier · projet n° {id}', en: 'Ouvrage · Site log · project no. {id}', ar: 'Ouvrage · {id}' },
  page: { fr: 'Page {page} / {count}', en: 'Page {page} of {count}', ar: '{page} / {count}' },
} satisfies Record<string, Texts>;

const ROLES: Record<UserType, Texts> = {
  client: { fr: 'client', en: 'client', ar: 'عميل' },
  professionnel: { fr: 'professionnel', en: 'professional', ar: 'مهني' },
  dessinateur: { fr: 'dessinateur', en: 'draughtsman', ar: 'رسّام' },
  architecte: { fr: 'architecte', en: 'architect', ar: 'مهندس معماري' },
  admin: { fr: 'administrateur', en: 'administrator', ar: 'مسؤول' },
};

const PHOTO = { gap: 12, maxHeight: 200 } as const;
const PHOTO_WIDTH = (CONTENT_WIDTH - PHOTO.gap) / 2;

/** Text in the document's language and direction; typed text (a body, a comment) in its own. */
class Writer {
  readonly dir: Direction;
  constructor(
    readonly doc: Doc,
    readonly language: Language,
  ) {
    this.dir = language === 'ar' ? 'rtl' : 'ltr';
  }

  t(key: keyof typeof T, params: Record<string, string | number> = {}): string {
    // In Arabic each value is isolated (FSI … PDI): a French name or an address keeps its own direction.
    const value = (name: string) => (this.dir === 'rtl' ? isolateAuto(String(params[name] ?? '')) : String(params[name] ?? ''));
    return T[key][this.language].replace(/\{(\w+)\}/g, (_, name: string) => value(name));
  }

  role(role: UserType): string {
    return ROLES[role]?.[this.language] ?? role;
  }

  /** An instant's Paris day and time. */
  when(instant: Date): { date: string; time: string } {
    return { date: dayOf(instant), time: formatParisTime(instant) };
  }

  height(text: string, s: TextStyle, indent = 0, typed = false): number {
    const width = CONTENT_WIDTH - indent;
    const dir = typed ? directionOf(text, this.dir) : this.dir;
    return needsBidi(text, dir) ? measureBidi(this.doc, text, width, s) : measure(this.doc, withoutMarks(text), width, s);
  }

  /**
   * A paragraph across the content width (less `indent` on the reading side's start), kept whole
   * on a page when it fits in one. `typed`: the direction of its first letter, not the document's.
   */
  paragraph(text: string, s: TextStyle = {}, { indent = 0, gapAfter = 3, typed = false } = {}): void {
    if (!text.trim()) return;
    const { doc } = this;
    const width = CONTENT_WIDTH - indent;
    const dir = typed ? directionOf(text, this.dir) : this.dir;
    ensureSpace(doc, Math.min(this.height(text, s, indent, typed), 200));
    // The indent is on the side where the document's lines start.
    const x = this.dir === 'rtl' ? MARGIN.side : MARGIN.side + indent;
    // Typed French in the Arabic copy starts on the left, as `dir="auto"` on the web.
    if (needsBidi(text, dir)) drawBidi(doc, text, x, width, dir, s);
    else style(doc, s).text(withoutMarks(text), x, doc.y, { width, lineGap: 1 });
    doc.y += gapAfter;
  }

  rule(color = RULE): void {
    const { doc } = this;
    doc
      .moveTo(MARGIN.side, doc.y)
      .lineTo(MARGIN.side + CONTENT_WIDTH, doc.y)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke();
    doc.y += 6;
  }
}

function drawHeader(w: Writer, input: SiteLogPdfInput, accent: string): void {
  const { doc } = w;
  doc.y = MARGIN.top;
  w.paragraph(w.t('title'), { font: FONT.bold, size: 18, color: accent }, { gapAfter: 6 });
  w.paragraph(w.t('project', { id: input.project.id, title: input.project.title }), { font: FONT.bold, size: 10.5 });
  const address = addressLines(input.project.address).join(', ');
  if (address) w.paragraph(w.t('address', { address }), { size: 9.5 });
  w.paragraph(w.t('client', { name: input.client.name }), { size: 9.5 });
  const generated = w.when(input.generatedAt);
  w.paragraph(w.t('generated', generated), { size: 9, color: MUTED });
  w.paragraph(w.t('count', { count: input.entries.length }), { size: 9, color: MUTED });
  // DejaVu's oblique has no Arabic letters.
  w.paragraph(w.t('rule'), { size: 8.5, color: MUTED, font: w.dir === 'rtl' ? FONT.regular : FONT.italic }, { gapAfter: 8 });
  w.rule(accent);
}

/** The photos two by two, each at half the content width (200 points high at most), with its number and capture date. */
function drawPhotos(w: Writer, photos: SiteLogPdfEntry['photos']): void {
  const { doc } = w;
  const opened: Array<PdfImage | null> = photos.map((p, i) => {
    try {
      return openImage(doc, p.bytes, p.mime, `photo ${i + 1}`);
    } catch {
      return null;
    }
  });
  for (let i = 0; i < photos.length; i += 2) {
    const pair = [0, 1].map((k) => i + k).filter((k) => k < photos.length);
    const sizes = pair.map((k) => {
      const image = opened[k];
      if (!image) return { w: 0, h: 0 };
      const scale = Math.min(PHOTO_WIDTH / image.width, PHOTO.maxHeight / image.height);
      return { w: image.width * scale, h: image.height * scale };
    });
    const rowHeight = Math.max(...sizes.map((s) => s.h), 12) + 16;
    ensureSpace(doc, rowHeight + 4);
    const top = doc.y + 2;
    pair.forEach((k, column) => {
      // In Arabic the first photo sits on the right.
      const slot = w.dir === 'rtl' ? 1 - column : column;
      const x = MARGIN.side + slot * (PHOTO_WIDTH + PHOTO.gap);
      const image = opened[k];
      const size = sizes[column];
      const caption = photos[k].takenAt
        ? w.t('taken', { index: k + 1, count: photos.length, ...w.when(photos[k].takenAt!) })
        : w.t('photo', { index: k + 1, count: photos.length });
      if (image) {
        doc.rect(x, top, PHOTO_WIDTH, size.h).fill(SHADE);
        doc.image(image.source as never, x + (PHOTO_WIDTH - size.w) / 2, top, { width: size.w, height: size.h });
      }
      const captionText = image ? caption : w.t('unreadable', { index: k + 1 });
      const saved = doc.y;
      doc.y = top + (image ? size.h : 0) + 3;
      if (w.dir === 'rtl') drawBidi(doc, captionText, x, PHOTO_WIDTH, 'rtl', { size: 7.5, color: MUTED });
      else style(doc, { size: 7.5, color: MUTED }).text(captionText, x, doc.y, { width: PHOTO_WIDTH, lineBreak: false, ellipsis: true });
      doc.y = saved;
    });
    doc.y = top + rowHeight;
  }
}

function drawEntry(w: Writer, entry: SiteLogPdfEntry, accent: string): void {
  const { doc } = w;
  // The heading stays with the first lines of its entry.
  ensureSpace(doc, 70);
  doc.y += 4;
  const heading = w.t('heading', { number: entry.number, date: day(entry.workDate) });
  const top = doc.y;
  const headingHeight = w.height(heading, { font: FONT.bold, size: 11.5 }) + 6;
  doc.rect(MARGIN.side, top - 2, CONTENT_WIDTH, headingHeight).fill(SHADE);
  doc.y = top + 1;
  w.paragraph(heading, { font: FONT.bold, size: 11.5, color: accent }, { gapAfter: 4 });
  w.paragraph(w.t('written', { name: entry.author.name, role: w.role(entry.author.role), ...w.when(entry.createdAt) }), { size: 8.5, color: MUTED });
  if (entry.corrects)
    w.paragraph(w.t('corrects', { number: entry.corrects.number, date: day(entry.corrects.workDate) }), { font: FONT.bold, size: 9, color: '#8a4b00' });
  if (entry.correctedBy)
    w.paragraph(w.t('correctedBy', { number: entry.correctedBy.number, date: day(entry.correctedBy.workDate) }), {
      font: FONT.bold,
      size: 9,
      color: '#b3261e',
    });
  if (entry.lotLabel) w.paragraph(w.t('lot', { lot: entry.lotLabel }), { size: 9 });
  if (entry.weatherStop)
    w.paragraph(entry.weatherNote ? w.t('weather', { note: entry.weatherNote }) : w.t('weatherNoNote'), { font: FONT.bold, size: 9, color: '#1f4e79' });
  doc.y += 2;
  w.paragraph(entry.body, { size: 10 }, { typed: true, gapAfter: 6 });
  if (entry.photos.length) drawPhotos(w, entry.photos);
  if (entry.comments.length) {
    w.paragraph(w.t('comments', { count: entry.comments.length }), { font: FONT.bold, size: 9 }, { gapAfter: 2 });
    for (const c of entry.comments) {
      w.paragraph(
        w.t('comment', { name: c.author.name, role: w.role(c.author.role), ...w.when(c.createdAt) }),
        { size: 8, color: MUTED },
        { indent: 12, gapAfter: 1 },
      );
      w.paragraph(c.body, { size: 9 }, { indent: 12, typed: true, gapAfter: 4 });
    }
  }
  doc.y += 4;
  w.rule();
}

export async function renderSiteLogPdf(input: SiteLogPdfInput): Promise<Buffer> {
  const title = `${T.title[input.language]} — ${input.project.title}`;
  const doc = await createDocument({ title: withoutMarks(title), author: 'Ouvrage', subject: withoutMarks(input.project.title), createdAt: input.generatedAt });
  const w = new Writer(doc, input.language);
  const palette = paletteOf(null);
  drawHeader(w, input, palette.text);
  if (input.entries.length === 0) w.paragraph(w.t('empty'), { size: 10, color: MUTED });
  for (const entry of input.entries) drawEntry(w, entry, palette.text);
  decoratePages(doc, {
    footer: withoutMarks(w.t('footer', { id: input.project.id })),
    watermark: null,
    pageLabel: (page, count) => withoutMarks(w.t('page', { page, count })),
  });
  return finish(doc);
}
