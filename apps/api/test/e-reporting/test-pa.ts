import type { FlowInfo, LifecycleEvent, PaClient, PaConnection } from '../../src/adapters/e-invoicing/pa-client';
import { PaPermanentError, PaTransientError } from '../../src/adapters/e-invoicing/pa-client';

/**
 * A PA in the test: it keeps the flows it took by tracking id and refuses a second one (409), as
 * the AFNOR API does. Each connection (`baseUrl`) answers by its own script of behaviours:
 * `ok`; `down` (5xx, nothing taken); `lost` (the flow taken, then a 5xx: the answer never came);
 * `garbage` (the flow taken, then an answer we cannot read).
 */
export type Behaviour = 'ok' | 'down' | 'lost' | 'garbage';

export interface TestPa extends PaClient {
  flows: Array<{ flowId: string; info: FlowInfo; xml: string; at: Date; codes: number[] }>;
  /** The next behaviours of a connection, then `ok`. */
  script(baseUrl: string, ...behaviours: Behaviour[]): void;
}

export function createTestPa(): TestPa {
  const scripts = new Map<string, Behaviour[]>();
  const flows: TestPa['flows'] = [];
  const events = (f: TestPa['flows'][number]): LifecycleEvent[] =>
    f.codes.map((code, i) => ({
      flowId: f.flowId,
      trackingId: f.info.trackingId,
      code: code as LifecycleEvent['code'],
      at: f.at,
      messageId: `${f.flowId}-${i}`,
    }));
  return {
    flows,
    script: (baseUrl, ...behaviours) => void scripts.set(baseUrl, behaviours),
    async submitFlow(conn: PaConnection, info, file) {
      const behaviour = scripts.get(conn.baseUrl)?.shift() ?? 'ok';
      if (behaviour === 'down') throw new PaTransientError('La plateforme a répondu 503.');
      if (flows.some((f) => f.info.trackingId === info.trackingId)) throw new PaPermanentError(`trackingId ${info.trackingId} déjà reçu`, 409);
      const flow = { flowId: `flow-${flows.length + 1}`, info, xml: file.content.toString('utf8'), at: new Date(), codes: [200] };
      flows.push(flow);
      if (behaviour === 'lost') throw new PaTransientError('Délai dépassé.');
      if (behaviour === 'garbage') throw new PaPermanentError('Réponse illisible de la plateforme : <html>…');
      return { flowId: flow.flowId };
    },
    async getFlow(_conn, flowId) {
      const flow = flows.find((f) => f.flowId === flowId);
      if (!flow) throw new PaPermanentError('Flux inconnu', 404);
      return { flowId, trackingId: flow.info.trackingId, events: events(flow) };
    },
    async searchLifecycle() {
      return flows.flatMap(events);
    },
    async lookupBuyer() {
      return null;
    },
    async registerWebhook() {
      return { webhookId: 'w-1' };
    },
  };
}
