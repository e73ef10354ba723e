import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes } from '@ouvrage/contracts';
import { USER_TYPES } from '@ouvrage/domain';
import { DASHBOARD_FIGURES, DASHBOARD_SECTIONS } from './dashboard-figures';
import { dashboardSections } from './dashboard-sections';

describe('the figures the preload script asks for (decision 0950)', () => {
  it('are endpoints of the dashboards, asked for roles that exist', () => {
    const paths = Object.values(dashboardRoutes).map((route) => route.path as string);
    for (const [role, asked] of Object.entries(DASHBOARD_FIGURES)) {
      expect(USER_TYPES).toContain(role);
      for (const path of asked) expect(paths).toContain(path);
    }
  });

  it('are what the role’s sections ask for first, without query parameters', () => {
    // The client's section reads its dashboard; the professionals' common section reads theirs.
    expect(DASHBOARD_FIGURES.client).toEqual([dashboardRoutes.client.path]);
    for (const role of ['professionnel', 'dessinateur', 'architecte']) expect(DASHBOARD_FIGURES[role]).toEqual([dashboardRoutes.professional.path]);
    const client = readFileSync(new URL('../features/dashboard/api/client-dashboard.ts', import.meta.url), 'utf8');
    const professional = readFileSync(new URL('../features/dashboard/api/professional-dashboard.ts', import.meta.url), 'utf8');
    expect(client).toContain('callEndpoint(dashboardRoutes.client)');
    expect(professional).toContain('callEndpoint(dashboardRoutes.professional)');
  });
});

describe('the dashboard sections the preload script asks for (decision 1160)', () => {
  it('are the modules the sections load, for roles that exist', async () => {
    expect(dashboardSections.map((section) => section.key)).toEqual(DASHBOARD_SECTIONS.map((section) => section.key));
    for (const [i, { module, roles }] of DASHBOARD_SECTIONS.entries()) {
      for (const role of roles) expect(USER_TYPES).toContain(role);
      const named = (await import(/* @vite-ignore */ `./../${module}`)) as unknown;
      expect(await dashboardSections[i].Component.load()).toBe(named);
    }
  });
});
