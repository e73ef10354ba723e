/**
 * Read receipts (decision 1230): under my latest message each other member has read, « Lu par … »
 * — one line per reader, on the newest of my messages at or before their read mark.
 */
export function readReceipts(
  messages: ReadonlyArray<{ id: number; author_id: number; deleted: boolean }>,
  me: number,
  others: ReadonlyArray<{ name: string; last_read_message_id: number | null }>,
): Map<number, string> {
  const byMessage = new Map<number, string[]>();
  for (const other of others) {
    if (other.last_read_message_id === null) continue;
    const mark = other.last_read_message_id;
    const read = messages.filter((m) => m.author_id === me && !m.deleted && m.id <= mark).at(-1);
    if (read) byMessage.set(read.id, [...(byMessage.get(read.id) ?? []), other.name]);
  }
  return new Map([...byMessage].map(([id, names]) => [id, names.join(', ')]));
}
