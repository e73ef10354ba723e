import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { catalogRoutes, type CatalogLabel, type ProjectName } from '@ouvrage/contracts';
import { DEFAULT_LANGUAGE, localizeCatalogText, type CatalogText, type CatalogTranslations } from '@ouvrage/domain';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `GET api/catalog-labels`: every category and good, active or not, with its translations. */
function catalogLabelsQuery(enabled: boolean) {
  return { queryKey: ['catalog', 'public', 'labels'], queryFn: () => callEndpoint(catalogRoutes.catalogLabels), staleTime: 10 * 60_000, enabled };
}

export interface CatalogLabeler {
  /** A category named in French by an API answer (`category_name`), in the reader's language. */
  category: (frenchName: string) => string;
  /** A good named in French (`bien_name`), in the reader's language. */
  bien: (frenchName: string) => string;
  /** An item that carries its own translations (public lists), name and description. */
  text: (item: CatalogText & { translations?: CatalogTranslations | null }) => CatalogText;
  /**
   * A project as quotes, invoices and documents name it, from the parts the API sends (decision
   * 1206): « Surélévation · Maison — Bordeaux », its category and good in the reader's language.
   */
  project: (name: ProjectName) => string;
}

const byName = (items: CatalogLabel[] | undefined) => new Map((items ?? []).map((item) => [item.name.toLocaleLowerCase('fr'), item]));

/**
 * Category and good labels in the interface's language, French where the admin has not translated
 * them (docs/decisions/0925). Projects and tenders name their category and good in French; the
 * dictionary is read once, and not at all in French.
 */
export function useCatalogLabels(): CatalogLabeler {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  const labels = useQuery(catalogLabelsQuery(language !== DEFAULT_LANGUAGE));
  return useMemo(() => {
    const categories = byName(labels.data?.categories);
    const biens = byName(labels.data?.biens);
    const label = (list: Map<string, CatalogLabel>, name: string) => {
      const item = list.get(name.toLocaleLowerCase('fr'));
      return item ? localizeCatalogText(item, language).name : name;
    };
    return {
      category: (name) => label(categories, name),
      bien: (name) => label(biens, name),
      text: (item) => localizeCatalogText(item, language),
      project: (name) =>
        [[name.category_name && label(categories, name.category_name), name.bien_name && label(biens, name.bien_name)].filter(Boolean).join(' · '), name.city]
          .filter(Boolean)
          .join(' — '),
    };
  }, [labels.data, language]);
}
