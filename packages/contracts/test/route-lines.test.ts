import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { permissionKey } from '@ouvrage/domain';
import * as contracts from '../src';
import { isEndpoint, type AnyEndpoint } from '../src/endpoint';
import type { EndpointRoute } from '../src/route-lines';
import { allRouteLines, routePermissions } from '../src/routes';

/** Every endpoint group the package exports (`catalogEndpoints`…), by name. */
const groups = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, Record<string, AnyEndpoint>] =>
    entry[0].endsWith('Endpoints') &&
    !!entry[1] &&
    typeof entry[1] === 'object' &&
    !(entry[1] instanceof z.ZodType) &&
    Object.values(entry[1]).some(isEndpoint),
);

describe('route lines, each route declared once with its access rule', () => {
  it('builds the permission table from every line, one row per method and path', () => {
    const lines = allRouteLines.flatMap((group) => Object.values(group));
    expect(Object.keys(routePermissions)).toHaveLength(lines.length);
    for (const line of lines) expect(routePermissions[permissionKey(line.method, line.path)]).toBe(line.access);
  });

  it('gives the web a route table for every endpoint group', () => {
    expect(groups.length).toBeGreaterThan(10);
    for (const [name] of groups) expect(contracts, name).toHaveProperty(name.replace(/Endpoints$/, 'Routes'));
  });

  it('gives each endpoint its method, path, public flag and content types, those of its line', () => {
    for (const [name, group] of groups) {
      const table = (contracts as unknown as Record<string, Record<string, EndpointRoute>>)[name.replace(/Endpoints$/, 'Routes')];
      for (const [key, endpoint] of Object.entries(group)) {
        const expected: EndpointRoute = {
          method: endpoint.method,
          path: endpoint.path,
          public: endpoint.access.allow === 'public',
          ...(endpoint.consumes ? { consumes: endpoint.consumes } : {}),
        };
        expect(table[key], `${name}.${key}`).toEqual(expected);
      }
    }
  });
});
