import { describe, expect, it } from 'vitest';
import { firstPageRoutes } from './first-page-routes';
import { screenRoutes } from './routes';
import { FIRST_PAGES } from './styles/first-pages';

describe('the first pages’ routes', () => {
  it('are the first pages, as the whole table declares them', () => {
    expect(firstPageRoutes.map((r) => r.path).sort()).toEqual([...FIRST_PAGES].sort());
    for (const route of firstPageRoutes) expect(screenRoutes).toContainEqual(route);
  });
});
