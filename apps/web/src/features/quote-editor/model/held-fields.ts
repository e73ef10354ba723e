import { quoteContentBody, type QuoteContentBody } from '@ouvrage/contracts';
import { formSchema } from '../../../lib/forms/form-schema';

const schema = formSchema(quoteContentBody);

/**
 * What the autosave can store when a field outside the lots is not valid yet (a postcode of 3
 * digits, a duration of 0 days): that field keeps its last saved value on the server and is named
 * with the contract's message, and everything else is saved (issue 36 §1, decision 1203). Lines
 * and lots are the API's to judge: their gaps are saved as typed, other refusals come back as 400s.
 */
export interface SaveableBody {
  body: QuoteContentBody;
  /** The fields held back, by name (`site_address.postcode`), with why. */
  held: Record<string, string>;
}

export function saveableBody(body: QuoteContentBody, lastSaved: QuoteContentBody | null): SaveableBody {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { body, held: {} };
  const held: Record<string, string> = {};
  let out: Record<string, unknown> = body as Record<string, unknown>;
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    // Lines and lots (and refusals of the whole body) are left to the API.
    if (path.length === 0 || path[0] === 'lots' || path[0] === 'expected_totals') continue;
    const previous = lastSaved ? valueAt(lastSaved as Record<string, unknown>, path) : undefined;
    if (previous === undefined) continue;
    out = withValueAt(out, path, previous);
    held[path.join('.')] ??= issue.message;
  }
  return { body: out as QuoteContentBody, held };
}

function valueAt(obj: Record<string, unknown>, path: string[]): unknown {
  let at: unknown = obj;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function withValueAt(obj: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [key, ...rest] = path;
  if (rest.length === 0) return { ...obj, [key]: value };
  const child = obj[key];
  return { ...obj, [key]: withValueAt(child !== null && typeof child === 'object' ? (child as Record<string, unknown>) : {}, rest, value) };
}
