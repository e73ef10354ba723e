import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RoutePermission } from '@ouvrage/domain';

/**
 * Every screen of spec §2 in one table. `sets` says which route set (anonymous visitor,
 * logged-in user) reaches it; `fullPage` routes have no top bar or side menu; `access`
 * mirrors the API's rules so the UI shows a clear "access denied" instead of a broken page.
 * Features replace `underConstruction` entries with their screens as they are built.
 */
export interface ScreenRoute {
  path: string;
  sets: ReadonlyArray<'anonymous' | 'user'>;
  fullPage?: boolean;
  access?: RoutePermission;
  /** A lazily loaded screen, or the translation key of the page title while it is under construction. */
  screen: LazyExoticComponent<ComponentType> | { underConstruction: string };
}

const both = ['anonymous', 'user'] as const;
const user = ['user'] as const;
const admin: RoutePermission = { allow: ['admin'] };
const pros: RoutePermission = { allow: ['professionnel', 'dessinateur', 'architecte'] };
const tenders: RoutePermission = { allow: ['professionnel', 'dessinateur', 'architecte', 'admin'], validatedOnly: true };
const architectOrAdmin: RoutePermission = { allow: ['architecte', 'admin'], validatedOnly: true };
const validatedArchitect: RoutePermission = { allow: ['architecte'], validatedOnly: true };
const quotesList: RoutePermission = { allow: ['architecte', 'admin', 'client'] };
const invoices: RoutePermission = { allow: ['architecte', 'admin', 'client'] };
const clientOnly: RoutePermission = { allow: ['client'] };
const soon = (titleKey: string) => ({ underConstruction: titleKey });

const LoginScreen = lazy(() => import('../features/auth/components/login-screen'));
const ResetPasswordScreen = lazy(() => import('../features/auth/components/reset-password-screen'));
const LogoutScreen = lazy(() => import('../features/auth/components/logout-screen'));
const DashboardScreen = lazy(() => import('./screens/dashboard-screen'));
const OutboxScreen = lazy(() => import('../features/outbox/components/outbox-screen'));
const RtlLayoutScreen = lazy(() => import('./screens/rtl-layout-screen'));
const NotFoundScreen = lazy(() => import('./screens/not-found-screen'));
const ServerErrorScreen = lazy(() => import('./screens/server-error-screen'));
const ProfessionalLandingScreen = lazy(() => import('../features/professionals/components/landing-screen'));
const LegalInformationScreen = lazy(() => import('../features/professionals/components/legal-screen'));
const GeneralInformationScreen = lazy(() => import('../features/professionals/components/general-screen'));
const TradeScreen = lazy(() => import('../features/professionals/components/trade-screen'));
const ReferencesScreen = lazy(() => import('../features/professionals/components/references-screen'));
const PreferencesScreen = lazy(() => import('../features/professionals/components/preferences-screen'));
const ZoneScreen = lazy(() => import('../features/professionals/components/zone-screen'));
const ClientsScreen = lazy(() => import('../features/users/components/clients-screen'));
const ProsScreen = lazy(() => import('../features/users/components/pros-screen'));
const ProDetailScreen = lazy(() => import('../features/users/components/pro-detail-screen'));
const NewUserScreen = lazy(() => import('../features/users/components/new-user-screen'));
const ProfileScreen = lazy(() => import('../features/profile/components/profile-screen'));
const TendersScreen = lazy(() => import('../features/tenders/components/tenders-screen'));
const CreateTenderScreen = lazy(() => import('../features/tenders/components/create-tender-screen'));
const JourneyScreen = lazy(() => import('../features/projects/components/journey-screen'));
const ProjectScreen = lazy(() => import('../features/projects/components/project-screen'));
const CategoriesScreen = lazy(() => import('../features/catalog/components/categories-screen'));
const BiensScreen = lazy(() => import('../features/catalog/components/biens-screen'));
const BienEditScreen = lazy(() => import('../features/catalog/components/bien-edit-screen'));

export const screenRoutes: ScreenRoute[] = [
  // Reachable by anonymous visitors and logged-in users.
  { path: '/', sets: both, fullPage: true, screen: JourneyScreen },
  { path: '/professionnel', sets: both, fullPage: true, screen: ProfessionalLandingScreen },
  { path: '/login', sets: both, fullPage: true, screen: LoginScreen },
  { path: '/reset-password', sets: both, fullPage: true, screen: ResetPasswordScreen },
  { path: '/payment/traitement', sets: both, fullPage: true, screen: soon('shell.pages.paymentProcessing') },
  { path: '/payment/create', sets: both, fullPage: true, screen: soon('shell.pages.paymentCreate') },
  { path: '/viewpdf', sets: both, fullPage: true, screen: soon('shell.pages.pdf') },
  { path: '/logout', sets: both, fullPage: true, screen: LogoutScreen },
  { path: '/layout/RtlLayout', sets: both, fullPage: true, screen: RtlLayoutScreen },
  { path: '/error-pages/error-404', sets: both, fullPage: true, screen: NotFoundScreen },
  { path: '/error-pages/error-500', sets: both, fullPage: true, screen: ServerErrorScreen },

  // Logged-in users only.
  { path: '/dashboard', sets: user, screen: DashboardScreen },
  { path: '/single-projet', sets: user, screen: ProjectScreen },
  { path: '/single-projet/:id', sets: user, screen: ProjectScreen },
  { path: '/gestion-categorie', sets: user, access: admin, screen: CategoriesScreen },
  { path: '/gestion-bien', sets: user, access: admin, screen: BiensScreen },
  { path: '/gestion-bien/:id', sets: user, access: admin, screen: BienEditScreen },
  { path: '/document', sets: user, screen: soon('shell.pages.document') },
  { path: '/entreprise/information-legale', sets: user, access: pros, screen: LegalInformationScreen },
  { path: '/entreprise/information-generale', sets: user, access: pros, screen: GeneralInformationScreen },
  { path: '/entreprise/metier', sets: user, access: pros, screen: TradeScreen },
  { path: '/entreprise/reference', sets: user, access: pros, screen: ReferencesScreen },
  { path: '/entreprise/preference', sets: user, access: pros, screen: PreferencesScreen },
  { path: '/entreprise/zone', sets: user, access: pros, screen: ZoneScreen },
  { path: '/gestion-user/new', sets: user, access: admin, screen: NewUserScreen },
  { path: '/gestion-user/list', sets: user, access: admin, screen: ClientsScreen },
  { path: '/gestion-user/pro-list', sets: user, access: admin, screen: ProsScreen },
  { path: '/gestion-user/professionnel/:id', sets: user, access: admin, screen: ProDetailScreen },
  { path: '/list-offre', sets: user, access: tenders, screen: TendersScreen },
  { path: '/appel-offre/nouveau/:projectId', sets: user, access: admin, screen: CreateTenderScreen },
  { path: '/profil', sets: user, screen: ProfileScreen },
  { path: '/gestion-produit/ajout', sets: user, access: architectOrAdmin, screen: soon('shell.pages.productEdit') },
  { path: '/gestion-produit/ajout/:id', sets: user, access: architectOrAdmin, screen: soon('shell.pages.productEdit') },
  { path: '/gestion-produit/list', sets: user, access: architectOrAdmin, screen: soon('shell.pages.products') },
  { path: '/devis/new', sets: user, access: validatedArchitect, screen: soon('shell.pages.quoteNew') },
  { path: '/devis/list', sets: user, access: quotesList, screen: soon('shell.pages.quoteList') },
  { path: '/devis/architect-validation-list', sets: user, access: validatedArchitect, screen: soon('shell.pages.quoteValidation') },
  { path: '/devis/parametre', sets: user, access: validatedArchitect, screen: soon('shell.pages.quoteSettings') },
  { path: '/facture/list', sets: user, access: invoices, screen: soon('shell.pages.invoices') },
  { path: '/payment/list', sets: user, access: clientOnly, screen: soon('shell.pages.payments') },
  { path: '/boite-mail', sets: user, access: admin, screen: OutboxScreen },
];
