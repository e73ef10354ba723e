import type { UserType, ValidationState } from '@ouvrage/domain';

export const DEMO_PASSWORD = 'Ouvrage2026!';

export interface DemoAccount {
  email: string;
  firstname: string;
  lastname: string;
  user_type: UserType;
  is_validate: ValidationState;
}

/** Demo accounts of issue 2: development only, never with NODE_ENV=production. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@ouvrage.test', firstname: 'Camille', lastname: 'Martin', user_type: 'admin', is_validate: 'Validé' },
  { email: 'client@ouvrage.test', firstname: 'Julie', lastname: 'Bernard', user_type: 'client', is_validate: 'Validé' },
  { email: 'architecte@ouvrage.test', firstname: 'Antoine', lastname: 'Lefèvre', user_type: 'architecte', is_validate: 'Validé' },
  { email: 'pro@ouvrage.test', firstname: 'Karim', lastname: 'Benali', user_type: 'professionnel', is_validate: 'Validé' },
  { email: 'dessinateur@ouvrage.test', firstname: 'Léa', lastname: 'Moreau', user_type: 'dessinateur', is_validate: 'Validé' },
  { email: 'pro.attente@ouvrage.test', firstname: 'Hugo', lastname: 'Petit', user_type: 'professionnel', is_validate: 'En attente' },
];
