import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { priceReferenceRoutes, type PriceReference, type PriceReferenceLineInput } from '@ouvrage/contracts';
import { PRICE_REFERENCE_LIMITS, type QuoteUnit } from '@ouvrage/domain';
import { callEndpoint } from '../../../lib/endpoint-client';
import { referenceKey, type ReferenceLineInput } from '../model/comparison';

/** How long the lines' words must rest before their references are looked up (never on a price or a quantity). */
export const LOOKUP_DELAY_MS = 500;

export const priceReferenceKeys = {
  all: ['price-references'] as const,
  lookup: (quoteId: number, keys: readonly string[]) => ['price-references', 'quote', quoteId, keys] as const,
  participation: ['price-references', 'participation'] as const,
};

export interface LookupAnswer {
  optedOut: boolean;
  /** The reference of each cache key asked (null: no zone has a safe figure). */
  found: ReadonlyArray<readonly [string, PriceReference | null]>;
}

/**
 * `POST /api/devis/{id}/prix-de-reference`: the references of the lines given, in their order —
 * one call for up to 300 lines (the contract's limit), more calls past it.
 */
export async function lookupPriceReferences(
  quoteId: number,
  asked: ReadonlyArray<readonly [string, PriceReferenceLineInput]>,
  signal?: AbortSignal,
): Promise<LookupAnswer> {
  const chunks: Array<ReadonlyArray<readonly [string, PriceReferenceLineInput]>> = [];
  for (let i = 0; i < asked.length; i += PRICE_REFERENCE_LIMITS.lines) chunks.push(asked.slice(i, i + PRICE_REFERENCE_LIMITS.lines));
  const answers = await Promise.all(
    chunks.map((chunk) =>
      callEndpoint(priceReferenceRoutes.quoteLookup, { params: { id: quoteId }, body: { lines: chunk.map(([, line]) => line) } }, { signal }),
    ),
  );
  return {
    optedOut: answers.some((a) => a.opted_out),
    found: chunks.flatMap((chunk, c) => chunk.map(([key], i) => [key, answers[c]!.lines[i] ?? null] as const)),
  };
}

interface LotLike {
  title: string;
  lines: ReadonlyArray<{ designation: string; unit: QuoteUnit; product_id: number | null }>;
}

/** The body's line for one of the editor's lines (texts cut to the contract's limits). */
const lineInput = (lot: string, line: LotLike['lines'][number]): PriceReferenceLineInput => ({
  lot: lot.slice(0, PRICE_REFERENCE_LIMITS.lot),
  designation: line.designation.slice(0, PRICE_REFERENCE_LIMITS.designation),
  unit: line.unit,
  product_id: line.product_id,
});

// A line's key is remembered with the lot title it was computed for: typing a price keeps the line
// object's other fields, and its key is not normalised again.
const keyCache = new WeakMap<object, { lot: string; designation: string; unit: string; product: number | null; key: string | null }>();
function cachedKey(lot: string, line: LotLike['lines'][number]): string | null {
  const known = keyCache.get(line);
  if (known && known.lot === lot && known.designation === line.designation && known.unit === line.unit && known.product === line.product_id) return known.key;
  const key = referenceKey({ lot, designation: line.designation, unit: line.unit, product_id: line.product_id } satisfies ReferenceLineInput);
  keyCache.set(line, { lot, designation: line.designation, unit: line.unit, product: line.product_id, key });
  return key;
}

export interface QuotePriceReferences {
  /** The architect does not contribute, so he reads no reference: the editor says it once. */
  optedOut: boolean;
  /** The reference of a line (null: none; undefined: not known yet). The same object while its key does not change. */
  referenceOf: (lotTitle: string, line: LotLike['lines'][number]) => PriceReference | null | undefined;
}

/**
 * The references of a quote's lines while it is edited. Only the lines' lot, designation, unit and
 * product make the request (cached by their normalised key for the editor's life), after
 * `LOOKUP_DELAY_MS` without change, in one batched call for the keys not known yet; prices and
 * quantities never do — the editor places them against the figures itself.
 */
export function useQuotePriceReferences(quoteId: number | null, lots: readonly LotLike[], enabled = true): QuotePriceReferences {
  // What the references depend on, as one string: equal after a price keystroke, so nothing follows.
  const wanted = useMemo(() => {
    const byKey = new Map<string, PriceReferenceLineInput>();
    for (const lot of lots)
      for (const line of lot.lines) {
        const key = cachedKey(lot.title, line);
        if (key !== null && !byKey.has(key)) byKey.set(key, lineInput(lot.title, line));
      }
    return JSON.stringify([...byKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }, [lots]);
  const [settled] = useDebouncedValue(wanted, LOOKUP_DELAY_MS);

  const [known, setKnown] = useState<ReadonlyMap<string, PriceReference | null>>(() => new Map());
  const [optedOut, setOptedOut] = useState(false);
  const asked = useMemo(() => (JSON.parse(settled) as Array<[string, PriceReferenceLineInput]>).filter(([key]) => !known.has(key)), [settled, known]);
  const askedKeys = useMemo(() => asked.map(([key]) => key), [asked]);
  const lookup = useQuery({
    queryKey: priceReferenceKeys.lookup(quoteId ?? 0, askedKeys),
    queryFn: ({ signal }) => lookupPriceReferences(quoteId!, asked, signal),
    enabled: enabled && quoteId !== null && asked.length > 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

  // An answer joins what is known once (adjusting state while rendering, as the editor does for its prefill).
  const [merged, setMerged] = useState<LookupAnswer | undefined>(undefined);
  if (lookup.data && lookup.data !== merged) {
    const answer = lookup.data;
    setMerged(answer);
    setOptedOut(answer.optedOut);
    setKnown((previous) => new Map([...previous, ...answer.found]));
  }

  const referenceOf = useMemo(
    () => (lotTitle: string, line: LotLike['lines'][number]) => {
      const key = cachedKey(lotTitle, line);
      return key === null ? null : known.get(key);
    },
    [known],
  );
  return { optedOut, referenceOf };
}
