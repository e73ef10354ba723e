/** The admin dashboard feature (issue 12): its dashboard sections are registered in app/dashboard-sections.tsx. */
export { useAdminDashboard } from './api/admin-dashboard';
