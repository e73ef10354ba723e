import { withoutDirectionMarks } from '@ouvrage/domain';

/**
 * A figure, date, IBAN or reference shown left to right inside right-to-left text (decision 1120):
 * `<bdi dir="ltr">`, the element the browser isolates, rather than Unicode isolates in the text.
 * The right-to-left marks Intl writes in Arabic dates are dropped, since inside a left-to-right
 * isolate they would scramble the date. Nothing is rendered for an empty value, so `?? '—'` works.
 * A name or a title keeps its own direction with a plain `<bdi>`.
 */
export function Ltr({ children }: { children: string | null | undefined }) {
  return children ? <bdi dir="ltr">{withoutDirectionMarks(children)}</bdi> : null;
}
