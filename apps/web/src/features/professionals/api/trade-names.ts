import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@ouvrage/domain';
import { useProfessions, useServices } from './reference-lists';

export interface TradeNamer {
  /** A trade from the list, in the reader's language. */
  profession: (item: { slug: string; name: string }) => string;
  /** A service from the list, in the reader's language. */
  service: (item: { slug: string; name: string }) => string;
  /** A trade named in French by an API answer (`profession_name`), in the reader's language. */
  professionNamed: (frenchName: string) => string;
  /** A service named in French by an API answer (`service_names`), in the reader's language. */
  serviceNamed: (frenchName: string) => string;
  /** Services given by slug, separated by spaces (a tender suggestion's reason), joined for reading. */
  servicesOfSlugs: (slugs: string, frenchNames: string) => string;
  /** Names joined with the language's comma (« ، » in Arabic). */
  join: (names: string[]) => string;
}

/**
 * Trades and services are reference data named in French in the database; their English and
 * Arabic names are interface texts (`tradeNames.*`, docs/decisions/0982). French shows the
 * database's name, and any name without a translation stays French. Names given without a slug
 * are found through the public lists, which are read only outside French.
 */
export function useTradeNames(): TradeNamer {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  const translated = language !== DEFAULT_LANGUAGE;
  const professions = useProfessions({ enabled: translated });
  const services = useServices({ enabled: translated });
  return useMemo(() => {
    const named = (kind: 'professions' | 'services') => (item: { slug: string; name: string }) =>
      translated ? t(`tradeNames.${kind}.${item.slug}`, { defaultValue: item.name }) : item.name;
    const profession = named('professions');
    const service = named('services');
    const slugOf = (items: Array<{ slug: string; name: string }> | undefined) => new Map((items ?? []).map((i) => [i.name, i.slug]));
    const professionSlugs = slugOf(professions.data);
    const serviceSlugs = slugOf(services.data);
    const byName = (slugs: Map<string, string>, name: (item: { slug: string; name: string }) => string) => (french: string) => {
      const slug = translated ? slugs.get(french) : undefined;
      return slug ? name({ slug, name: french }) : french;
    };
    const join = (names: string[]) => names.join(t('tradeNames.separator'));
    return {
      profession,
      service,
      professionNamed: byName(professionSlugs, profession),
      serviceNamed: byName(serviceSlugs, service),
      servicesOfSlugs: (slugs, frenchNames) => {
        if (!translated || !slugs) return frenchNames;
        return join(slugs.split(' ').map((slug) => t(`tradeNames.services.${slug}`, { defaultValue: slug })));
      },
      join,
    };
  }, [t, translated, professions.data, services.data]);
}
