import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Ltr } from './bdi';

describe('Ltr', () => {
  it('writes a left-to-right <bdi> without the right-to-left marks of an Arabic date, and nothing for no value', () => {
    expect(renderToStaticMarkup(<Ltr>{'25\u200f/11\u200f/2026'}</Ltr>)).toBe('<bdi dir="ltr">25/11/2026</bdi>');
    expect(renderToStaticMarkup(<Ltr>{'1 050,00 €'}</Ltr>)).toBe('<bdi dir="ltr">1 050,00 €</bdi>');
    expect(renderToStaticMarkup(<Ltr>{''}</Ltr>)).toBe('');
  });
});
