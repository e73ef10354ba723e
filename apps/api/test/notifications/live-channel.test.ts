import { afterAll, describe, expect, it } from 'vitest';
import { LiveNotifier, liveChannel } from '../../src/modules/notifications/live-notifier';

/**
 * The live channel names the Redis database: pub/sub ignores databases, so two deployments (or two
 * test runs) sharing one Redis server on different databases must not hear each other's events.
 */
const redisUrl = process.env.TEST_REDIS_URL;
// CI sets it; a skip is never silent.
if (!redisUrl) console.warn('Canaux en direct sur un serveur Redis : test ignoré (TEST_REDIS_URL n’est pas défini).');

describe('the live channel', () => {
  it('names the database of the Redis URL', () => {
    expect(liveChannel('redis://127.0.0.1:6379')).toBe('ouvrage:0:notifications');
    expect(liveChannel('redis://127.0.0.1:6379/9')).toBe('ouvrage:9:notifications');
    expect(liveChannel('rediss://user:secret@cache.example:6380/12')).toBe('ouvrage:12:notifications');
  });
});

describe.skipIf(!redisUrl)('deployments on two databases of one Redis server', () => {
  const notifiers: LiveNotifier[] = [];
  afterAll(async () => {
    for (const notifier of notifiers) await notifier.close();
  });

  const on = async (db: number) => {
    const url = new URL(redisUrl!);
    url.pathname = `/${db}`;
    const notifier = await LiveNotifier.create({ redisUrl: url.toString(), onError: (error) => console.error(error) });
    notifiers.push(notifier);
    const received: number[] = [];
    const waiters: Array<() => void> = [];
    notifier.subscribe({ id: 1, admin: false }, (event) => {
      if (event.type === 'notification') received.push(event.unread);
      waiters.splice(0).forEach((wake) => wake());
    });
    const until = async (unread: number) => {
      while (!received.includes(unread)) await new Promise<void>((wake) => waiters.push(wake));
    };
    return { notifier, received, until };
  };

  it("each hears only its own database's events", async () => {
    const a = await on(3);
    const b = await on(4);
    // B's event goes through Redis and back to B before A publishes: had A heard B's channel, B's
    // event would reach A first (Redis delivers in publishing order).
    b.notifier.publish({ userIds: [1], admins: false }, { type: 'notification', unread: 44 });
    await b.until(44);
    a.notifier.publish({ userIds: [1], admins: false }, { type: 'notification', unread: 33 });
    await a.until(33);
    expect(a.received).toEqual([33]);
    expect(b.received).toEqual([44]);
  });
});
