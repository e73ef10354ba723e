import { isUserType, type UserType } from '@ouvrage/domain';
import { can, type Capability } from './capabilities';

/** A side-menu link. `withUserId` passes the user id in navigation state (spec §2). */
export interface MenuLink {
  key: string;
  labelKey: string;
  to: string;
  withUserId?: boolean;
  /** What the user needs to see the link: the screen's guard reads the same capability. */
  capability: Capability;
}

/** A submenu opens when the current path starts with `prefix`. */
export interface MenuGroup {
  key: string;
  labelKey: string;
  prefix: string;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export function isMenuGroup(entry: MenuEntry): entry is MenuGroup {
  return 'children' in entry;
}

interface MenuUser {
  id?: number;
  user_type?: string | null;
  is_validate?: string | null;
}

const dashboard: MenuLink = { key: 'dashboard', labelKey: 'menu.dashboard', to: '/dashboard', capability: 'dashboard' };
const quoteList: MenuLink = { key: 'quote-list', labelKey: 'menu.quoteList', to: '/devis/list', withUserId: true, capability: 'quotes:list' };

/**
 * The side menu of spec §2, every role's entries in one order. Each link shows when the user has
 * its capability (derived from the permission table); a group shows when one of its links does.
 */
const MENU: MenuEntry[] = [
  dashboard,
  { key: 'new-project', labelKey: 'menu.newProject', to: '/', capability: 'projects:create' },
  {
    key: 'enterprise',
    labelKey: 'menu.enterprise',
    prefix: '/entreprise',
    children: [
      { key: 'legal', labelKey: 'menu.enterpriseLegal', to: '/entreprise/information-legale', capability: 'enterprise:edit' },
      { key: 'general', labelKey: 'menu.enterpriseGeneral', to: '/entreprise/information-generale', capability: 'enterprise:edit' },
      { key: 'trade', labelKey: 'menu.enterpriseTrade', to: '/entreprise/metier', capability: 'enterprise:edit' },
      { key: 'references', labelKey: 'menu.enterpriseReferences', to: '/entreprise/reference', capability: 'enterprise:edit' },
      { key: 'preferences', labelKey: 'menu.enterprisePreferences', to: '/entreprise/preference', capability: 'enterprise:edit' },
      { key: 'zone', labelKey: 'menu.enterpriseZone', to: '/entreprise/zone', capability: 'enterprise:edit' },
    ],
  },
  { key: 'tenders', labelKey: 'menu.tenders', to: '/list-offre', capability: 'tenders:list' },
  {
    key: 'products',
    labelKey: 'menu.products',
    prefix: '/gestion-produit',
    children: [
      { key: 'product-list', labelKey: 'menu.productList', to: '/gestion-produit/list', capability: 'products:manage' },
      { key: 'product-new', labelKey: 'menu.productNew', to: '/gestion-produit/ajout', capability: 'products:manage' },
    ],
  },
  {
    key: 'quotes',
    labelKey: 'menu.quotes',
    prefix: '/devis',
    children: [
      quoteList,
      { key: 'quote-new', labelKey: 'menu.quoteNew', to: '/devis/new', capability: 'quotes:write' },
      { key: 'quote-settings', labelKey: 'menu.quoteSettings', to: '/devis/parametre', capability: 'quotes:write' },
    ],
  },
  { key: 'my-quotes', labelKey: 'menu.myQuotes', to: '/devis/list', withUserId: true, capability: 'quotes:own' },
  { key: 'invoices', labelKey: 'menu.invoices', to: '/facture/list', withUserId: true, capability: 'invoices:list' },
  { key: 'bank-transfers', labelKey: 'menu.bankTransfers', to: '/facture/virements', capability: 'transfers:manage' },
  { key: 'reports', labelKey: 'menu.reports', to: '/signalements', capability: 'conversations:moderate' },
  { key: 'price-references', labelKey: 'menu.priceReferences', to: '/prix-de-reference', capability: 'price-references:admin' },
  { key: 'payments', labelKey: 'menu.payments', to: '/payment/list', withUserId: true, capability: 'payments:list' },
  { key: 'documents', labelKey: 'menu.documents', to: '/document', capability: 'documents:list' },
  { key: 'categories', labelKey: 'menu.categories', to: '/gestion-categorie', capability: 'categories:manage' },
  {
    key: 'users',
    labelKey: 'menu.users',
    prefix: '/gestion-user',
    children: [
      { key: 'clients', labelKey: 'menu.clients', to: '/gestion-user/list', capability: 'users:manage' },
      { key: 'professionals', labelKey: 'menu.professionals', to: '/gestion-user/pro-list', capability: 'users:manage' },
      { key: 'user-new', labelKey: 'menu.userNew', to: '/gestion-user/new', capability: 'users:create' },
    ],
  },
];

/** Build the side menu of spec §2 for a user; an unknown role sees only the dashboard. */
export function sideMenuFor(user: MenuUser | null | undefined): MenuEntry[] {
  const type = user?.user_type;
  if (!isUserType(type)) return [dashboard];
  const caller = { id: user?.id ?? 0, user_type: type as UserType, is_validate: user?.is_validate ?? '' };
  const shown = (link: MenuLink) => can(link.capability, caller);
  return MENU.flatMap((entry): MenuEntry[] => {
    if (!isMenuGroup(entry)) return shown(entry) ? [entry] : [];
    const children = entry.children.filter(shown);
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** Every link of the menu, whoever it is for (tests check each against its screen's guard). */
export function allMenuLinks(): MenuLink[] {
  return MENU.flatMap((entry) => (isMenuGroup(entry) ? entry.children : [entry]));
}

/** Every link path of a menu, flattened (used by tests and the shell). */
export function menuPaths(entries: MenuEntry[]): string[] {
  return entries.flatMap((entry) => (isMenuGroup(entry) ? entry.children.map((c) => c.to) : [entry.to]));
}
