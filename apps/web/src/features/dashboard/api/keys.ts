/** Query keys of the dashboards: everything under `['dashboard']`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  client: () => ['dashboard', 'client'] as const,
  professional: () => ['dashboard', 'professionnel'] as const,
  architect: (periode: string) => ['dashboard', 'architecte', periode] as const,
};
