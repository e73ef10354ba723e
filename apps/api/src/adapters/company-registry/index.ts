import type { AppConfig } from '../../config';
import { FakeCompanyRegistry } from './fake';
import { HttpCompanyRegistry } from './http';
import type { CompanyRegistry } from './types';

export * from './types';
export { FakeCompanyRegistry, FAKE_REGISTRY, fakeSearchAnswer } from './fake';
export { HttpCompanyRegistry } from './http';

/** HTTP registry when COMPANY_REGISTRY_URL is set, the offline fake otherwise. */
export function createCompanyRegistry(config: Pick<AppConfig, 'companyRegistryUrl'>): CompanyRegistry {
  return config.companyRegistryUrl ? new HttpCompanyRegistry(config.companyRegistryUrl) : new FakeCompanyRegistry();
}
