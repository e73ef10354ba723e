/**
 * The UI kit's styles the dashboard and the logged-in shell (top bar, side menu, their dropdowns)
 * use beyond `first-page-styles`, one file per component in the kit's own order (decision 0971).
 * A stored user's `/dashboard` shows with these; the rest of the kit's styles (`all-styles`) follow
 * once it is shown, and every other screen waits for both (`loadAllStyles`, decision 0978). A component added to the shell or to
 * a dashboard section needs its line here (or in `first-page-styles`): e2e/dashboard-styles.spec.ts
 * fails on a kit class without its styles, for each role, in French and Arabic.
 */
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/charts/styles.layer.css';
