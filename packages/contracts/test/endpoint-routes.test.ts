import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../src';
import { endpointPermission, isEndpoint, type AnyEndpoint } from '../src/endpoint';
import type { EndpointRoute } from '../src/endpoint-routes';

/** Every endpoint group the package exports (`catalogEndpoints`…), by name. */
const groups = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, Record<string, AnyEndpoint>] =>
    entry[0].endsWith('Endpoints') && !!entry[1] && typeof entry[1] === 'object' && !(entry[1] instanceof z.ZodType) && Object.values(entry[1]).some(isEndpoint),
);

describe('endpoint routes, the web client’s schema-free table', () => {
  it('has a route table for every endpoint group', () => {
    expect(groups.length).toBeGreaterThan(10);
    for (const [name] of groups) expect(contracts, name).toHaveProperty(name.replace(/Endpoints$/, 'Routes'));
  });

  it('gives each endpoint its method, path, public flag and content types, and nothing else', () => {
    for (const [name, group] of groups) {
      const table = (contracts as unknown as Record<string, Record<string, EndpointRoute>>)[name.replace(/Endpoints$/, 'Routes')];
      expect(Object.keys(table).sort(), name).toEqual(Object.keys(group).sort());
      for (const [key, endpoint] of Object.entries(group)) {
        const expected: EndpointRoute = {
          method: endpoint.method,
          path: endpoint.path,
          public: endpointPermission(endpoint).allow === 'public',
          ...(endpoint.consumes ? { consumes: endpoint.consumes } : {}),
        };
        expect(table[key], `${name}.${key}`).toEqual(expected);
      }
    }
  });
});
