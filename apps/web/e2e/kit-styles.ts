import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/*
 * Screens that show with a share of the UI kit's styles (the first pages, decision 0947; the
 * dashboard, decision 0971) are checked with the rest held back: every kit class on the page must
 * still have its rules.
 */

/** Every `m_…` class the kit (its core and its charts) styles somewhere. */
const resolve = createRequire(import.meta.url).resolve;
const kitCss = ['@mantine/core/styles.css', '@mantine/charts/styles.css'].map((file) => readFileSync(resolve(file), 'utf8')).join('\n');
const styledKitClasses = new Set(kitCss.match(/\.m_[0-9a-f]+/g)!.map((c) => c.slice(1)));

/** Kit classes on the page that the kit styles but no stylesheet of the page does. */
export async function unstyledKitClasses(page: Page): Promise<string[]> {
  const { used, styled } = await page.evaluate(() => {
    const used = new Set<string>();
    for (const el of document.querySelectorAll('[class*="m_"]')) for (const c of el.classList) if (/^m_[0-9a-f]+$/.test(c)) used.add(c);
    let text = '';
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if ('selectorText' in rule) text += `${(rule as CSSStyleRule).selectorText}\n`;
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) {
      try {
        walk(sheet.cssRules);
      } catch {
        // A stylesheet that did not load (the one held back) has no rules to read.
      }
    }
    return { used: [...used], styled: text };
  });
  return used.filter((c) => styledKitClasses.has(c) && !styled.includes(`.${c}`));
}
