import { lazy } from 'react';
import type { UserType } from '@ouvrage/domain';
import { JourneyScreen, LoginScreen, ProfessionalLandingScreen, type ScreenRoute } from './first-page-routes';
import { preloadable } from './preloadable';

/**
 * Every screen of spec §2 in one table (the type: `ScreenRoute`, in `first-page-routes`). This
 * module is not part of the first pages' code: the router loads it with the session check on any
 * other screen, or once a first page is shown (issue 13).
 * Features replace `underConstruction` entries with their screens as they are built.
 */
export type { ScreenRoute } from './first-page-routes';

const both = ['anonymous', 'user'] as const;
const user = ['user'] as const;

const ResetPasswordScreen = lazy(() => import('../features/auth/components/reset-password-screen'));
const LogoutScreen = lazy(() => import('../features/auth/components/logout-screen'));
const DashboardScreen = preloadable(() => import('./screens/dashboard-screen'));
const OutboxScreen = lazy(() => import('../features/outbox/components/outbox-screen'));
const RtlLayoutScreen = lazy(() => import('./screens/rtl-layout-screen'));
const NotFoundScreen = lazy(() => import('./screens/not-found-screen'));
const ServerErrorScreen = lazy(() => import('./screens/server-error-screen'));
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
const NotificationsScreen = lazy(() => import('../features/notifications/components/notifications-screen'));
const TendersScreen = lazy(() => import('../features/tenders/components/tenders-screen'));
const CreateTenderScreen = lazy(() => import('../features/tenders/components/create-tender-screen'));
const ProjectScreen = lazy(() => import('../features/projects/components/project-screen'));
const CategoriesScreen = lazy(() => import('../features/catalog/components/categories-screen'));
const BiensScreen = lazy(() => import('../features/catalog/components/biens-screen'));
const BienEditScreen = lazy(() => import('../features/catalog/components/bien-edit-screen'));
const ProductsScreen = lazy(() => import('../features/products/components/products-screen'));
const ProductEditScreen = lazy(() => import('../features/products/components/product-edit-screen'));
const QuotesScreen = lazy(() => import('../features/quotes/components/quotes-screen'));
const QuoteDetailScreen = lazy(() => import('../features/quotes/components/quote-detail-screen'));
const QuoteValidationScreen = lazy(() => import('../features/quotes/components/validation-list-screen'));
const QuoteComparisonScreen = lazy(() => import('../features/quotes/components/comparison-screen'));
const NewQuoteScreen = lazy(() => import('../features/quote-editor/components/new-quote-screen'));
const EditQuoteScreen = lazy(() => import('../features/quote-editor/components/edit-quote-screen'));
const QuoteSettingsScreen = lazy(() => import('../features/quote-editor/components/quote-settings-screen'));
const PdfViewerScreen = lazy(() => import('../features/pdf-viewer/components/pdf-viewer-screen'));
const InvoicesScreen = lazy(() => import('../features/invoices/components/invoices-screen'));
const InvoiceDetailScreen = lazy(() => import('../features/invoices/components/invoice-detail-screen'));
const PaymentCreateScreen = lazy(() => import('../features/payments/components/payment-create-screen'));
const PaymentProcessingScreen = lazy(() => import('../features/payments/components/payment-processing-screen'));
const PaymentsScreen = lazy(() => import('../features/payments/components/payments-screen'));
const TransfersScreen = lazy(() => import('../features/bank-transfers/components/transfers-screen'));
const InvoiceSettingsScreen = lazy(() => import('../features/bank-transfers/components/invoice-settings-screen'));
const EReportingScreen = lazy(() => import('../features/e-reporting/components/e-reporting-screen'));
const TermsScreen = lazy(() => import('./legal/terms-screen'));
const PrivacyScreen = lazy(() => import('./legal/privacy-screen'));
const DocumentsScreen = lazy(() => import('../features/documents/components/documents-screen'));
const QuoteSigningScreen = lazy(() => import('../features/signature/components/quote-signing-screen'));
const LinkSigningScreen = lazy(() => import('../features/signature/components/link-signing-screen'));
const ReceptionScreen = lazy(() => import('../features/reception/components/reception-screen'));
const ReceptionSigningScreen = lazy(() => import('../features/reception/components/reception-signing-screen'));
const AvenantSigningScreen = lazy(() => import('../features/avenants/components/avenant-signing-screen'));
const DgdSigningScreen = lazy(() => import('../features/dgd/components/dgd-signing-screen'));
const ConversationsScreen = lazy(() => import('../features/conversations/components/conversations-screen'));
const ConversationScreen = lazy(() => import('../features/conversations/components/conversation-screen'));
const ReportsScreen = lazy(() => import('../features/conversations/components/reports-screen'));
const PriceReferencesScreen = lazy(() => import('../features/price-trends/components/price-references-screen'));
const SealVerificationScreen = lazy(() => import('../features/seal-verification/components/seal-verification-screen'));

export const screenRoutes: ScreenRoute[] = [
  // Reachable by anonymous visitors and logged-in users.
  { path: '/', sets: both, fullPage: true, screen: JourneyScreen },
  { path: '/professionnel', sets: both, fullPage: true, screen: ProfessionalLandingScreen },
  { path: '/login', sets: both, fullPage: true, screen: LoginScreen },
  { path: '/reset-password', sets: both, fullPage: true, screen: ResetPasswordScreen },
  { path: '/payment/traitement', sets: both, fullPage: true, screen: PaymentProcessingScreen },
  { path: '/payment/create', sets: both, fullPage: true, screen: PaymentCreateScreen },
  { path: '/viewpdf', sets: both, fullPage: true, screen: PdfViewerScreen },
  { path: '/verification', sets: both, fullPage: true, screen: SealVerificationScreen },
  { path: '/signature/:token', sets: both, fullPage: true, screen: LinkSigningScreen },
  { path: '/logout', sets: both, fullPage: true, screen: LogoutScreen },
  { path: '/conditions-generales', sets: both, fullPage: true, screen: TermsScreen },
  { path: '/confidentialite', sets: both, fullPage: true, screen: PrivacyScreen },
  { path: '/layout/RtlLayout', sets: both, fullPage: true, screen: RtlLayoutScreen },
  { path: '/error-pages/error-404', sets: both, fullPage: true, screen: NotFoundScreen },
  { path: '/error-pages/error-500', sets: both, fullPage: true, screen: ServerErrorScreen },

  // Logged-in users only.
  { path: '/dashboard', sets: user, screen: DashboardScreen },
  { path: '/single-projet', sets: user, screen: ProjectScreen },
  { path: '/single-projet/:id', sets: user, screen: ProjectScreen },
  { path: '/gestion-categorie', sets: user, capability: 'categories:manage', screen: CategoriesScreen },
  { path: '/gestion-bien', sets: user, capability: 'biens:manage', screen: BiensScreen },
  { path: '/gestion-bien/:id', sets: user, capability: 'biens:manage', screen: BienEditScreen },
  { path: '/document', sets: user, capability: 'documents:list', screen: DocumentsScreen },
  { path: '/entreprise/information-legale', sets: user, capability: 'enterprise:edit', screen: LegalInformationScreen },
  { path: '/entreprise/information-generale', sets: user, capability: 'enterprise:edit', screen: GeneralInformationScreen },
  { path: '/entreprise/metier', sets: user, capability: 'enterprise:edit', screen: TradeScreen },
  { path: '/entreprise/reference', sets: user, capability: 'enterprise:edit', screen: ReferencesScreen },
  { path: '/entreprise/preference', sets: user, capability: 'enterprise:edit', screen: PreferencesScreen },
  { path: '/entreprise/zone', sets: user, capability: 'enterprise:edit', screen: ZoneScreen },
  { path: '/gestion-user/new', sets: user, capability: 'users:create', screen: NewUserScreen },
  { path: '/gestion-user/list', sets: user, capability: 'users:manage', screen: ClientsScreen },
  { path: '/gestion-user/pro-list', sets: user, capability: 'users:manage', screen: ProsScreen },
  { path: '/gestion-user/professionnel/:id', sets: user, capability: 'professionals:check', screen: ProDetailScreen },
  { path: '/list-offre', sets: user, capability: 'tenders:list', screen: TendersScreen },
  { path: '/appel-offre/nouveau/:projectId', sets: user, capability: 'tenders:send', screen: CreateTenderScreen },
  { path: '/profil', sets: user, screen: ProfileScreen },
  { path: '/notifications', sets: user, screen: NotificationsScreen },
  { path: '/messages', sets: user, screen: ConversationsScreen },
  { path: '/messages/:id', sets: user, screen: ConversationScreen },
  { path: '/signalements', sets: user, capability: 'conversations:moderate', screen: ReportsScreen },
  { path: '/prix-de-reference', sets: user, capability: 'price-references:admin', screen: PriceReferencesScreen },
  { path: '/gestion-produit/ajout', sets: user, capability: 'products:manage', screen: ProductEditScreen },
  { path: '/gestion-produit/ajout/:id', sets: user, capability: 'products:manage', screen: ProductEditScreen },
  { path: '/gestion-produit/list', sets: user, capability: 'products:manage', screen: ProductsScreen },
  { path: '/devis/new', sets: user, capability: 'quotes:write', screen: NewQuoteScreen },
  { path: '/devis/:id/modifier', sets: user, capability: 'quotes:write', screen: EditQuoteScreen },
  { path: '/devis/list', sets: user, capability: ['quotes:list', 'quotes:own'], screen: QuotesScreen },
  { path: '/devis/architect-validation-list', sets: user, capability: 'quotes:write', screen: QuoteValidationScreen },
  { path: '/devis/comparer/:projectId', sets: user, capability: 'quotes:compare', screen: QuoteComparisonScreen },
  { path: '/devis/:id/signer', sets: user, capability: 'quotes:own', screen: QuoteSigningScreen },
  { path: '/devis/:id/reception/signer', sets: user, capability: 'quotes:own', screen: ReceptionSigningScreen },
  { path: '/devis/:id/avenants/:avenantId/signer', sets: user, capability: 'quotes:own', screen: AvenantSigningScreen },
  { path: '/devis/:id/dgd/:dgdId/signer', sets: user, capability: 'quotes:own', screen: DgdSigningScreen },
  { path: '/devis/:id/reception', sets: user, capability: ['quotes:list', 'quotes:own'], screen: ReceptionScreen },
  { path: '/devis/:id', sets: user, capability: ['quotes:list', 'quotes:own'], screen: QuoteDetailScreen },
  { path: '/devis/parametre', sets: user, capability: ['quotes:write', 'quotes:platform-settings'], screen: QuoteSettingsScreen },
  { path: '/facture/list', sets: user, capability: 'invoices:list', screen: InvoicesScreen },
  { path: '/facture/virements', sets: user, capability: 'transfers:manage', screen: TransfersScreen },
  { path: '/facture/parametre', sets: user, capability: 'invoices:settings', screen: InvoiceSettingsScreen },
  { path: '/facture/e-reporting', sets: user, capability: 'e-reporting:list', screen: EReportingScreen },
  { path: '/facture/:id', sets: user, capability: 'invoices:list', screen: InvoiceDetailScreen },
  { path: '/payment/list', sets: user, capability: 'payments:list', screen: PaymentsScreen },
  { path: '/boite-mail', sets: user, capability: 'outbox:read', screen: OutboxScreen },
];

/**
 * What a stored user's opened screen needs to show in one go, beyond the shell (decision 0950):
 * on the dashboard, its code and the sections of the user's role. Other screens: nothing more.
 */
export function loadOpenedScreen(path: string, role: UserType): Promise<unknown> {
  if (path !== '/dashboard') return Promise.resolve();
  return Promise.all([DashboardScreen.load(), import('./dashboard-sections').then((m) => m.loadDashboardSections(role))]);
}
