import { describe, expect, it } from 'vitest';
import { readReceipts } from './read-receipts';

const m = (id: number, author_id: number, deleted = false) => ({ id, author_id, deleted });

describe('read receipts', () => {
  it('go under my latest message at or before the reader’s mark', () => {
    const list = [m(1, 7), m(2, 9), m(3, 7), m(4, 7), m(5, 9)];
    expect(readReceipts(list, 7, [{ name: 'Léa', last_read_message_id: 3 }])).toEqual(new Map([[3, 'Léa']]));
    expect(readReceipts(list, 7, [{ name: 'Léa', last_read_message_id: 5 }])).toEqual(new Map([[4, 'Léa']]));
  });
  it('none before the other read anything, none on a deleted message', () => {
    expect(readReceipts([m(1, 7)], 7, [{ name: 'Léa', last_read_message_id: null }]).size).toBe(0);
    expect(readReceipts([m(1, 7), m(2, 7, true)], 7, [{ name: 'Léa', last_read_message_id: 2 }])).toEqual(new Map([[1, 'Léa']]));
  });
});
