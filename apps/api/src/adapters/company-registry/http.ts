import type { RegistryCompany } from '@ouvrage/contracts';
import { companyFromAnswer } from './parse';
import { RegistryUnavailableError, type CompanyRegistry, type RegistrySearchAnswer } from './types';

/** API Recherche d'entreprises over HTTP: `GET {baseUrl}/search?q={siret}`. */
export class HttpCompanyRegistry implements CompanyRegistry {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 5000,
  ) {}

  async lookupSiret(siret: string): Promise<RegistryCompany | null> {
    const url = `${this.baseUrl}/search?q=${encodeURIComponent(siret)}&page=1&per_page=5`;
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new RegistryUnavailableError(`registre injoignable : ${(error as Error).message}`);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new RegistryUnavailableError(`registre : HTTP ${response.status}`);
    let answer: RegistrySearchAnswer;
    try {
      answer = (await response.json()) as RegistrySearchAnswer;
    } catch {
      throw new RegistryUnavailableError('registre : réponse illisible');
    }
    if (!Array.isArray(answer?.results)) throw new RegistryUnavailableError('registre : réponse inattendue');
    return companyFromAnswer(answer, siret);
  }
}
