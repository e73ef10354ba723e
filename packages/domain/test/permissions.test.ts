import { describe, expect, it } from 'vitest';
import { decideOwnership, decideRoleAccess, permissionKey, type Caller } from '../src';

const pro = (is_validate = 'Validé'): Caller => ({ id: 7, user_type: 'professionnel', is_validate });
const admin: Caller = { id: 1, user_type: 'admin', is_validate: 'Validé' };
const client: Caller = { id: 9, user_type: 'client', is_validate: 'Validé' };

describe('access decisions', () => {
  it('lets anyone use public routes and asks for a session elsewhere', () => {
    expect(decideRoleAccess({ allow: 'public' }, null)).toBe('allow');
    expect(decideRoleAccess({ allow: 'authenticated' }, null)).toBe('unauthenticated');
    expect(decideRoleAccess({ allow: 'authenticated' }, client)).toBe('allow');
  });

  it('checks roles and, for professionals, validation', () => {
    const tenders = { allow: ['professionnel', 'admin'], validatedOnly: true } as const;
    expect(decideRoleAccess(tenders, pro())).toBe('allow');
    expect(decideRoleAccess(tenders, pro('En attente'))).toBe('forbidden');
    expect(decideRoleAccess(tenders, pro('Refusé'))).toBe('forbidden');
    expect(decideRoleAccess(tenders, admin)).toBe('allow');
    expect(decideRoleAccess(tenders, client)).toBe('forbidden');
  });

  it('lets owners and admins act on a record, nobody else', () => {
    expect(decideOwnership(pro(), [7])).toBe('allow');
    expect(decideOwnership(pro(), [8])).toBe('forbidden');
    expect(decideOwnership(admin, [])).toBe('allow');
  });

  it('keys routes as in the OpenAPI document', () => {
    expect(permissionKey('get', '/api/professionnel/get-info/:id')).toBe('GET /api/professionnel/get-info/{id}');
  });
});
