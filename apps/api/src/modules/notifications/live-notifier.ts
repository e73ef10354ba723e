import type { ConversationEvent, NotificationEvent, TenderEvent } from '@ouvrage/contracts';

/** What the live stream carries: the bell's tender changes, the notification centre's unread count, a conversation's change. */
export type LiveEvent = TenderEvent | NotificationEvent | ConversationEvent;

/** Who receives an event: some users, and/or every admin. */
export interface Audience {
  userIds: number[];
  admins: boolean;
}

interface Subscriber {
  userId: number;
  admin: boolean;
  send: (event: LiveEvent) => void;
}

interface Envelope {
  audience: Audience;
  event: LiveEvent;
}

/**
 * Redis pub/sub ignores the database number: two deployments (or two test runs) on one Redis server
 * would hear each other's events. The channel names the URL's database, which is what keeps their
 * other keys apart.
 */
export function liveChannel(redisUrl: string): string {
  const db = Number(new URL(redisUrl).pathname.slice(1) || 0);
  return `ouvrage:${Number.isInteger(db) ? db : 0}:notifications`;
}

/**
 * Live notification fan-out for the bell and the notification centre (moved here from the tenders module, decision 0801). Each instance keeps its own open streams; `publish`
 * reaches every instance through Redis pub/sub when REDIS_URL is set, or this process's
 * subscribers only (single instance, tests) otherwise.
 */
export class LiveNotifier {
  private readonly subscribers = new Set<Subscriber>();
  private channel = '';
  private publisher: { publish(channel: string, message: string): Promise<unknown>; quit(): Promise<unknown> } | null = null;
  private subscriber: { quit(): Promise<unknown> } | null = null;

  private constructor(private readonly onError: (error: unknown) => void) {}

  static async create(options: { redisUrl?: string; onError: (error: unknown) => void }): Promise<LiveNotifier> {
    const notifier = new LiveNotifier(options.onError);
    if (options.redisUrl) {
      const { Redis } = await import('ioredis');
      const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
      const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
      publisher.on('error', options.onError);
      subscriber.on('error', options.onError);
      notifier.channel = liveChannel(options.redisUrl);
      await subscriber.subscribe(notifier.channel);
      subscriber.on('message', (_channel: string, message: string) => {
        try {
          notifier.deliver(JSON.parse(message) as Envelope);
        } catch (error) {
          options.onError(error);
        }
      });
      notifier.publisher = publisher;
      notifier.subscriber = subscriber;
    }
    return notifier;
  }

  get size(): number {
    return this.subscribers.size;
  }

  subscribe(user: { id: number; admin: boolean }, send: (event: LiveEvent) => void): () => void {
    const subscriber: Subscriber = { userId: user.id, admin: user.admin, send };
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Fire and forget: a lost notification only delays the bell until its next read. */
  publish(audience: Audience, event: LiveEvent): void {
    if (audience.userIds.length === 0 && !audience.admins) return;
    const envelope: Envelope = { audience, event };
    if (this.publisher) {
      this.publisher.publish(this.channel, JSON.stringify(envelope)).catch((error) => {
        this.onError(error);
        this.deliver(envelope); // at least this instance's streams
      });
      return;
    }
    this.deliver(envelope);
  }

  private deliver({ audience, event }: Envelope): void {
    const ids = new Set(audience.userIds);
    for (const s of this.subscribers) {
      if (ids.has(s.userId) || (audience.admins && s.admin)) {
        try {
          s.send(event);
        } catch (error) {
          this.onError(error);
        }
      }
    }
  }

  async close(): Promise<void> {
    this.subscribers.clear();
    await Promise.all([this.publisher?.quit().catch(() => undefined), this.subscriber?.quit().catch(() => undefined)]);
  }
}
