import { describe, expect, it } from 'vitest';
import { permissionKey } from '@ouvrage/domain';
import { permissionTableOf, routePermissions } from '../src/routes';
import * as contracts from '../src';
import { defineEndpoint, endpointPermission, endpointPermissionKey, fastifyPath, isEndpoint, pathParamNames } from '../src/endpoint';
import { z } from 'zod';

/** Every endpoint the package exports, at any depth of its endpoint groups (`catalogEndpoints`…). */
function exportedEndpoints() {
  const found: contracts.AnyEndpoint[] = [];
  for (const value of Object.values(contracts)) {
    if (isEndpoint(value)) found.push(value);
    else if (value && typeof value === 'object' && !(value instanceof z.ZodType))
      for (const inner of Object.values(value)) if (isEndpoint(inner)) found.push(inner);
  }
  return found;
}

describe('endpoint contracts', () => {
  const endpoints = exportedEndpoints();

  it('finds the migrated modules’ endpoints', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(Object.keys(contracts.catalogEndpoints).length);
  });

  it('gives every endpoint its row in the shared permission table: the access rule of its line', () => {
    const missing = endpoints.map(endpointPermissionKey).filter((key) => !routePermissions[key]);
    expect(missing).toEqual([]);
    for (const endpoint of endpoints) expect(routePermissions[endpointPermissionKey(endpoint)], endpointPermissionKey(endpoint)).toBe(endpoint.access);
  });

  it('declares each method and path once', () => {
    const keys = endpoints.map(endpointPermissionKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('derives the permission key and the Fastify path from the OpenAPI path', () => {
    const endpoint = contracts.catalogEndpoints.getBien;
    expect(endpointPermissionKey(endpoint)).toBe('GET /api/admin/edit-bien/{id}');
    expect(endpointPermissionKey(endpoint)).toBe(permissionKey('GET', fastifyPath(endpoint.path)));
    expect(fastifyPath('/api/a/{id}/b/{file_id}')).toBe('/api/a/:id/b/:file_id');
    expect(pathParamNames('/api/a/{id}/b/{file_id}')).toEqual(['id', 'file_id']);
    expect(endpointPermission(contracts.catalogEndpoints.publicCategories).allow).toBe('public');
    expect(endpointPermission(contracts.catalogEndpoints.saveBien).allow).toEqual(['admin']);
  });

  it('refuses an endpoint without an access rule, and a route declared twice', () => {
    // @ts-expect-error every endpoint states who may call it
    defineEndpoint({ method: 'GET', path: '/api/nulle-part', response: z.null() });
    const line = { method: 'GET', path: '/api/x/{id}', access: { allow: ['admin'] } } as const;
    expect(() => permissionTableOf([{ a: line }, { b: line }])).toThrow('Route déclarée deux fois : GET /api/x/{id}');
    expect(permissionTableOf([{ a: line }])).toEqual({ 'GET /api/x/{id}': { allow: ['admin'] } });
  });
});
