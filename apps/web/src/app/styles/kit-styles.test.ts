import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The UI kit's styles come in three files (decisions 0947, 0971, 0978): the first pages', the
 * dashboard's share, and the rest. Together they must hold every component of the kit, once, and
 * each file in the kit's own order (its `styles.layer.css`), so that rules of equal weight keep
 * the order the kit wrote them in.
 */
const kit = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css')), 'styles');
const groups = ['first-page-styles', 'dashboard-styles', 'all-styles'] as const;
const importsOf = (file: string) =>
  [...readFileSync(join(import.meta.dirname, `${file}.ts`), 'utf8').matchAll(/^import '@mantine\/core\/styles\/([\w-]+)\.layer\.css';$/gm)].map((m) => m[1]);

/** Where each component's rules start in the kit's whole file. */
function kitOrder(): Map<string, number> {
  const whole = readFileSync(join(kit, '..', 'styles.layer.css'), 'utf8');
  const order = new Map<string, number>();
  for (const file of readdirSync(kit).filter((f) => f.endsWith('.layer.css'))) {
    const text = readFileSync(join(kit, file), 'utf8').replace(/^@layer mantine\s*\{/, '');
    // A component's first class of its own; the three base files have none (found by their text).
    const selector = text.match(/\.m_[0-9a-f]+\b/)?.[0];
    const at = selector ? whole.search(new RegExp(`\\${selector}\\b`)) : whole.indexOf(text.trim().slice(0, 60));
    order.set(file.replace('.layer.css', ''), at);
  }
  return order;
}

describe('the kit styles files', () => {
  const order = kitOrder();

  it('hold every component of the kit, each once', () => {
    const all = groups.flatMap(importsOf);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...order.keys()].sort());
  });

  it.each(groups)('%s lists its components in the kit’s order', (group) => {
    const positions = importsOf(group).map((name) => order.get(name) ?? -1);
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('the whole kit is the dashboard’s share, which holds the charts, then the rest', () => {
    const gate = readFileSync(join(import.meta.dirname, 'all-styles-gate.tsx'), 'utf8');
    expect(gate).toMatch(/export function loadAllStyles\(\)[^}]*import\('\.\/dashboard-styles'\)\), import\('\.\/all-styles'\)/);
    expect(readFileSync(join(import.meta.dirname, 'dashboard-styles.ts'), 'utf8')).toMatch(/^import '@mantine\/charts\/styles\.layer\.css';$/m);
  });
});
