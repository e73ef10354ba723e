import type { AppConfig } from '../../config';

export interface MarketingLead {
  /** Which form: the professional sign-up for now. */
  form: 'pro-signup';
  email: string;
  fields: Array<{ name: string; value: string }>;
  context: { pageUri?: string; pageName?: string; ipAddress?: string; hutk?: string };
}

/** A marketing-form service (HubSpot Forms v3 shape). `configured` false: leads stay in our database. */
export interface MarketingForm {
  readonly configured: boolean;
  submit(lead: MarketingLead): Promise<void>;
}

export class MarketingFormError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MarketingFormError';
  }
}

/** `POST {url}/submissions/v3/integration/submit/{portalId}/{formGuid}` with `{ fields, context }`. */
export class HubSpotMarketingForm implements MarketingForm {
  readonly configured = true;

  constructor(
    private readonly url: string,
    private readonly portalId: string,
    private readonly formGuid: string,
    private readonly timeoutMs = 5000,
  ) {}

  async submit(lead: MarketingLead): Promise<void> {
    const endpoint = `${this.url}/submissions/v3/integration/submit/${encodeURIComponent(this.portalId)}/${encodeURIComponent(this.formGuid)}`;
    const context = Object.fromEntries(Object.entries(lead.context).filter(([, v]) => typeof v === 'string' && v.length > 0));
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ fields: lead.fields, context }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new MarketingFormError(`service de formulaires injoignable : ${(error as Error).message}`);
    }
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new MarketingFormError(`service de formulaires : HTTP ${response.status} ${detail.slice(0, 300)}`);
    }
  }
}

/** No portal configured: nothing leaves the platform; the lead row is the record. */
export class KeptMarketingForm implements MarketingForm {
  readonly configured = false;
  async submit(): Promise<void> {}
}

export function createMarketingForm(config: Pick<AppConfig, 'hubspot'>): MarketingForm {
  const { url, portalId, proFormGuid } = config.hubspot;
  return portalId && proFormGuid ? new HubSpotMarketingForm(url, portalId, proFormGuid) : new KeptMarketingForm();
}
