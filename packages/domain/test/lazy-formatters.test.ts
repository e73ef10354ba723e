import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The first pages evaluate `@ouvrage/domain` as they load. An `Intl` formatter with a time zone
 * built at that moment loaded the zone and locale data in a task of 84 ms at 4× CPU (decision
 * 0978): no module builds one as it loads; each is built on first use.
 */
const originals = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat };
let built: string[] = [];

function counted<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    construct: (t, args) => {
      built.push(name);
      return Reflect.construct(t as new (...a: unknown[]) => object, args);
    },
    apply: (t, self, args) => {
      built.push(name);
      return Reflect.apply(t as (...a: unknown[]) => unknown, self, args);
    },
  });
}

afterEach(() => {
  Object.assign(Intl, originals);
});

describe('formatters are built on first use, not as the modules load', () => {
  it('the whole domain package loads without building one; the Paris formatter is built when first asked, then kept', async () => {
    built = [];
    Object.assign(Intl, { DateTimeFormat: counted('DateTimeFormat', originals.DateTimeFormat), NumberFormat: counted('NumberFormat', originals.NumberFormat) });
    vi.resetModules();
    const domain = await import('../src/index');
    expect(built).toEqual([]);
    const shown = domain.formatParisDateTime('2026-11-27T17:05:00Z');
    expect(shown).toBe('27/11/2026 18:05');
    expect(built).toEqual(['DateTimeFormat']);
    domain.formatParisDateTime('2026-11-28T08:00:00Z');
    expect(built).toEqual(['DateTimeFormat']);
  });
});
