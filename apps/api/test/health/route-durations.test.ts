import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { RouteDurations } from '../../src/plugins/route-durations';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const observation = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PATCH'),
  route: fc.constantFrom('/api/health', '/api/project/:id', 'unmatched'),
  status: fc.constantFrom(200, 201, 404, 503),
  // Bounds themselves (a value equal to a bound counts in it), and any duration up to 20 s.
  seconds: fc.oneof(fc.constantFrom(0, ...BUCKETS), fc.double({ min: 0, max: 20, noNaN: true })),
});

describe('the request-duration histogram', () => {
  it('prints what prom-client’s own Histogram prints for the same requests', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const theirs = new Registry();
        const ours = new Registry();
        const reference = new Histogram({ name: 'd', help: 'h', labelNames: ['method', 'route', 'status_code'], buckets: BUCKETS, registers: [theirs] });
        const durations = new RouteDurations({ name: 'd', help: 'h', registers: [ours] }, BUCKETS);
        for (const o of observations) {
          reference.observe({ method: o.method, route: o.route, status_code: String(o.status) }, o.seconds);
          durations.observe(o.method, o.route, o.status, o.seconds);
        }
        expect(await ours.metrics()).toBe(await theirs.metrics());
      }),
      { numRuns: 200, seed: 987 },
    );
  });
});
