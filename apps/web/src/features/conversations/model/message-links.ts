/**
 * A message is plain text (decision 1230): never HTML. Its web addresses become links, everything
 * else stays text. A trailing sentence mark (« voir https://x.fr. ») is not part of the address.
 */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu;
const TRAILING = /[.,;:!?»)\]'"’]+$/u;

export function messageParts(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  for (const match of body.matchAll(ADDRESS)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const address = raw.replace(TRAILING, '');
    if (start > at) parts.push({ kind: 'text', text: body.slice(at, start) });
    parts.push({ kind: 'link', text: address, href: address.toLowerCase().startsWith('www.') ? `https://${address}` : address });
    at = start + address.length;
  }
  if (at < body.length) parts.push({ kind: 'text', text: body.slice(at) });
  return parts;
}
