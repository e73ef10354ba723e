import type { ListPage as Page } from '@ouvrage/contracts';
export type { Page };
