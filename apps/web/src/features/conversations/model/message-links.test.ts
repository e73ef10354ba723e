import { describe, expect, it } from 'vitest';
import { messageParts } from './message-links';

describe('message links', () => {
  it('makes web addresses links and leaves the rest as text', () => {
    expect(messageParts('Voir https://exemple.fr/plan.pdf. Merci')).toEqual([
      { kind: 'text', text: 'Voir ' },
      { kind: 'link', text: 'https://exemple.fr/plan.pdf', href: 'https://exemple.fr/plan.pdf' },
      { kind: 'text', text: '. Merci' },
    ]);
  });
  it('gives www. addresses their https', () => {
    expect(messageParts('www.ouvrage.fr')).toEqual([{ kind: 'link', text: 'www.ouvrage.fr', href: 'https://www.ouvrage.fr' }]);
  });
  it('never reads HTML or other schemes as links', () => {
    expect(messageParts('<a href="javascript:alert(1)">x</a>')).toEqual([{ kind: 'text', text: '<a href="javascript:alert(1)">x</a>' }]);
    expect(messageParts('')).toEqual([]);
  });
});
