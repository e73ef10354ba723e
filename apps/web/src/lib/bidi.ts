/**
 * Values inside translated sentences, for Arabic (decision 1120). `t()` returns a string, so the
 * isolation is written with Unicode isolates (the domain's one definition); where the value is a
 * JSX child of its own, write `<bdi dir="ltr">` (figures) or `<bdi>` (names, titles) instead.
 */
import { isolateAuto, isolateLtr } from '@ouvrage/domain';

/** Amounts, dates, IBANs and references: left to right (LRI … PDI), Arabic dates' RLM marks dropped. */
export const ltr = isolateLtr;

/** Names, titles and reasons: in their own direction (FSI … PDI). */
export const isolate = isolateAuto;
