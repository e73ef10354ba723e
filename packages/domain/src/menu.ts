import { isProfessional, isUserType, isValidated } from './roles';

/** A side-menu link. `withUserId` passes the user id in navigation state (spec §2). */
export interface MenuLink {
  key: string;
  labelKey: string;
  to: string;
  withUserId?: boolean;
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
  user_type?: string | null;
  is_validate?: string | null;
}

const dashboard: MenuLink = { key: 'dashboard', labelKey: 'menu.dashboard', to: '/dashboard' };

const enterprise: MenuGroup = {
  key: 'enterprise',
  labelKey: 'menu.enterprise',
  prefix: '/entreprise',
  children: [
    { key: 'legal', labelKey: 'menu.enterpriseLegal', to: '/entreprise/information-legale' },
    { key: 'general', labelKey: 'menu.enterpriseGeneral', to: '/entreprise/information-generale' },
    { key: 'trade', labelKey: 'menu.enterpriseTrade', to: '/entreprise/metier' },
    { key: 'references', labelKey: 'menu.enterpriseReferences', to: '/entreprise/reference' },
    { key: 'preferences', labelKey: 'menu.enterprisePreferences', to: '/entreprise/preference' },
    { key: 'zone', labelKey: 'menu.enterpriseZone', to: '/entreprise/zone' },
  ],
};

const tenders: MenuLink = { key: 'tenders', labelKey: 'menu.tenders', to: '/list-offre' };

const products: MenuGroup = {
  key: 'products',
  labelKey: 'menu.products',
  prefix: '/gestion-produit',
  children: [
    { key: 'product-list', labelKey: 'menu.productList', to: '/gestion-produit/list' },
    { key: 'product-new', labelKey: 'menu.productNew', to: '/gestion-produit/ajout' },
  ],
};

const quoteList: MenuLink = { key: 'quote-list', labelKey: 'menu.quoteList', to: '/devis/list', withUserId: true };

const invoices: MenuLink = { key: 'invoices', labelKey: 'menu.invoices', to: '/facture/list', withUserId: true };

/** Build the side menu of spec §2 for a user; an unknown role sees only the dashboard. */
export function sideMenuFor(user: MenuUser | null | undefined): MenuEntry[] {
  const type = user?.user_type;
  if (!isUserType(type)) return [dashboard];
  const validated = isValidated(user);

  if (type === 'admin') {
    return [
      dashboard,
      tenders,
      products,
      { key: 'quotes', labelKey: 'menu.quotes', prefix: '/devis', children: [quoteList] },
      invoices,
      { key: 'categories', labelKey: 'menu.categories', to: '/gestion-categorie' },
      {
        key: 'users',
        labelKey: 'menu.users',
        prefix: '/gestion-user',
        children: [
          { key: 'clients', labelKey: 'menu.clients', to: '/gestion-user/list' },
          { key: 'professionals', labelKey: 'menu.professionals', to: '/gestion-user/pro-list' },
          { key: 'user-new', labelKey: 'menu.userNew', to: '/gestion-user/new' },
        ],
      },
    ];
  }

  if (type === 'client') {
    return [
      dashboard,
      { key: 'new-project', labelKey: 'menu.newProject', to: '/' },
      { key: 'my-quotes', labelKey: 'menu.myQuotes', to: '/devis/list', withUserId: true },
      invoices,
      { key: 'payments', labelKey: 'menu.payments', to: '/payment/list', withUserId: true },
    ];
  }

  const entries: MenuEntry[] = [dashboard, enterprise];
  if (isProfessional(type) && validated) entries.push(tenders);
  if (type === 'architecte') {
    if (validated) {
      entries.push(products, {
        key: 'quotes',
        labelKey: 'menu.quotes',
        prefix: '/devis',
        children: [
          quoteList,
          { key: 'quote-new', labelKey: 'menu.quoteNew', to: '/devis/new' },
          { key: 'quote-settings', labelKey: 'menu.quoteSettings', to: '/devis/parametre' },
        ],
      });
    }
    entries.push(invoices);
  }
  return entries;
}

/** Every link path of a menu, flattened (used by tests and the shell). */
export function menuPaths(entries: MenuEntry[]): string[] {
  return entries.flatMap((entry) => (isMenuGroup(entry) ? entry.children.map((c) => c.to) : [entry.to]));
}
