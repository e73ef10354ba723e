/** Query keys of the admin dashboard: everything under `['admin-dashboard']`. */
export const adminDashboardKeys = {
  all: ['admin-dashboard'] as const,
  figures: (period: string) => ['admin-dashboard', 'figures', period] as const,
  boards: ['admin-dashboard', 'board'] as const,
  board: (order: string) => ['admin-dashboard', 'board', order] as const,
};
