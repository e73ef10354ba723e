import { DEFAULT_LANGUAGE, sanitizeLanguageCode, type Language } from './language';

/**
 * Catalogue translations (issue 15, docs/decisions/0925): a category's or a good's name and
 * description are written in French (the source, always filled) and may be translated by the
 * admin into the other languages of the interface. An empty text means « not translated ».
 */
export type CatalogTranslationLanguage = Exclude<Language, 'fr'>;
export const CATALOG_TRANSLATION_LANGUAGES = ['en', 'ar'] as const satisfies readonly CatalogTranslationLanguage[];

export interface CatalogText {
  name: string;
  description: string;
}

export type CatalogTranslations = Partial<Record<CatalogTranslationLanguage, Partial<CatalogText>>>;

/** Every language present, texts trimmed, missing ones as empty strings (what the API answers). */
export function completeCatalogTranslations(value: CatalogTranslations | null | undefined): Record<CatalogTranslationLanguage, CatalogText> {
  const out = {} as Record<CatalogTranslationLanguage, CatalogText>;
  for (const lng of CATALOG_TRANSLATION_LANGUAGES) {
    out[lng] = { name: value?.[lng]?.name?.trim() ?? '', description: value?.[lng]?.description?.trim() ?? '' };
  }
  return out;
}

/**
 * What a user reading `language` sees of a catalogue item: the translated name and description
 * where the admin wrote them, each falling back to the French one on its own.
 */
export function localizeCatalogText(item: CatalogText & { translations?: CatalogTranslations | null }, language: string | null | undefined): CatalogText {
  const lng = sanitizeLanguageCode(language ?? '') ?? DEFAULT_LANGUAGE;
  if (lng === DEFAULT_LANGUAGE) return { name: item.name, description: item.description };
  const t = item.translations?.[lng as CatalogTranslationLanguage];
  return { name: t?.name?.trim() || item.name, description: t?.description?.trim() || item.description };
}
