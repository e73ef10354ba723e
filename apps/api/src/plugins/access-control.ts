import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  decideOwnership,
  decideRoleAccess,
  isUserType,
  ownerStatement,
  permissionKey,
  type Caller,
  type OwnerKind,
  type OwnerStatement,
  type RoutePermission,
} from '@ouvrage/domain';
import { routePermissions } from '@ouvrage/contracts';
import { users, type Database, type DatabaseHandle, type Executor } from '@ouvrage/db';
import { verifyAccessToken } from '../lib/access-token';
import { AppError } from '../lib/errors';
import { CallerCache, listenForChangedUsers } from './caller-cache';

export interface AuthenticatedCaller extends Caller {
  email: string;
  firstname: string;
  lastname: string;
}

/** Returns the user ids that own the record `id`, or null when it does not exist. */
export type OwnershipResolver = (db: Executor, id: number) => Promise<number[] | null>;

declare module 'fastify' {
  interface FastifyRequest {
    caller: AuthenticatedCaller | null;
  }
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyInstance {
    registerOwnership(kind: Exclude<OwnerKind, 'self'>, resolver: OwnershipResolver): void;
    /**
     * The check the access-control hook runs, for a service that needs it on an id it reads
     * itself, inside its transaction: 403 unless the caller owns the record (admins pass; only
     * they get a 404 for an unknown record).
     */
    assertOwns(kind: OwnerKind, id: number, caller: Caller, tx?: Executor): Promise<void>;
  }
}

/** The caller of an authenticated route; the access-control hook guarantees it is set. */
export function callerOf(request: FastifyRequest): AuthenticatedCaller {
  if (!request.caller) throw new AppError('UNAUTHENTICATED');
  return request.caller;
}

/**
 * The session's user, checked at every authenticated request (a logout, a password change, an
 * anonymisation or a role change apply at once): only the columns the checks need, as a prepared
 * statement built once (decision 0961) rather than a query rebuilt and every column mapped each
 * time. Kept in memory between changes (`CallerCache`, decision 0979).
 */
function callerLookup(db: Database) {
  return db
    .select({
      id: users.id,
      userType: users.userType,
      isValidate: users.isValidate,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      anonymizedAt: users.anonymizedAt,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('access_control_caller');
}

type CallerLookup = ReturnType<typeof callerLookup>;
type CallerRow = Awaited<ReturnType<CallerLookup['execute']>>[number];

/** At most 10 000 users (≈ 3 MB) per instance. */
const CALLER_CACHE_SIZE = 10_000;

async function loadCaller(
  lookup: CallerLookup,
  cache: CallerCache<CallerRow>,
  request: FastifyRequest,
  secret: Uint8Array,
): Promise<AuthenticatedCaller | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await verifyAccessToken(header.slice(7).trim(), secret);
  if (!claims) return null;
  const user = await cache.read(claims.userId, async () => (await lookup.execute({ id: claims.userId }))[0]);
  if (!user || user.anonymizedAt || !isUserType(user.userType)) return null;
  // Logout and a password reset or change bump the version: older tokens stop here.
  if (user.sessionVersion !== claims.sessionVersion) return null;
  return {
    id: user.id,
    user_type: user.userType,
    is_validate: user.isValidate,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
  };
}

function idFrom(request: FastifyRequest, statement: OwnerStatement): number {
  const source = statement.from === 'path' ? request.params : statement.from === 'query' ? request.query : request.body;
  const raw = (source as Record<string, unknown> | undefined)?.[statement.field];
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  // Record ids are PostgreSQL integers.
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new AppError('VALIDATION', undefined, { [statement.field]: 'Identifiant invalide.' });
  return id;
}

/**
 * One access-control mechanism for every route: each route must have a row in the shared
 * permission table (the app refuses to start otherwise); each request is checked against it —
 * session, role, validation, then ownership of the record the row names: the path `{id}` or a
 * query field before the body is read, a body field once it is parsed and validated.
 */
// A named function: fastify-plugin names an anonymous one from a stack trace, which under
// --enable-source-maps decodes the whole bundle's source map at start (decision 0863).
export const accessControl = fp<{ db: Database; handle: Pick<DatabaseHandle, 'listen'>; secret: Uint8Array; sessionCacheMs: number }>(
  async function accessControlPlugin(app: FastifyInstance, { db, handle, secret, sessionCacheMs }) {
    const resolvers = new Map<OwnerKind, OwnershipResolver>();
    const lookup = callerLookup(db);
    const cache = new CallerCache<CallerRow>({ ttlMs: sessionCacheMs, max: CALLER_CACHE_SIZE });
    if (sessionCacheMs > 0) {
      const stopListening = await listenForChangedUsers(handle, cache, (error) =>
        app.log.warn({ err: error }, 'écoute des comptes modifiés perdue : cache des sessions coupé'),
      );
      app.addHook('onClose', async () => stopListening());
    }
    // A change this instance answered is seen by the next request here without waiting for its
    // notification, which another connection brings a moment later.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') cache.clear();
      done(null, payload);
    });
    app.decorate('registerOwnership', (kind: Exclude<OwnerKind, 'self'>, resolver: OwnershipResolver) => {
      resolvers.set(kind, resolver);
    });

    async function assertOwns(kind: OwnerKind, id: number, caller: Caller, tx: Executor = db): Promise<void> {
      let owners: number[] | null;
      if (kind === 'self') {
        owners = [id];
      } else {
        const resolver = resolvers.get(kind);
        if (!resolver) throw new Error(`Aucun résolveur de propriétaire pour « ${kind} »`);
        owners = await resolver(tx, id);
      }
      if (owners === null) {
        // Only admins learn that a record they may not read does not exist.
        throw new AppError(caller.user_type === 'admin' ? 'NOT_FOUND' : 'FORBIDDEN');
      }
      if (decideOwnership(caller, owners) === 'forbidden') throw new AppError('FORBIDDEN');
    }
    app.decorate('assertOwns', assertOwns);
    app.decorateRequest('caller', null);

    async function checkBodyOwner(request: FastifyRequest): Promise<void> {
      const permission = request.routeOptions.config?.permission;
      const statement = permission ? ownerStatement(permission) : null;
      if (!statement || statement.from !== 'body' || !request.caller) return;
      await assertOwns(statement.kind, idFrom(request, statement), request.caller);
    }

    app.addHook('onRoute', (route) => {
      if (route.schema?.hide) return; // documentation and static assets
      const method = Array.isArray(route.method) ? route.method[0] : route.method;
      const key = permissionKey(method === 'HEAD' ? 'GET' : method, route.url);
      const permission = routePermissions[key];
      if (!permission) throw new Error(`Route sans ligne dans la table des permissions : ${key}`);
      route.config = { ...(route.config ?? {}), permission };
      // A body id is known once the body is parsed and validated (400 before 403 for a malformed
      // body): only the routes whose owner is in the body check it then, not every request.
      if (ownerStatement(permission)?.from === 'body') route.preHandler = [checkBodyOwner, ...[route.preHandler ?? []].flat()];
    });

    app.addHook('onRequest', async (request) => {
      const permission = request.routeOptions.config?.permission;
      if (!permission) return;
      request.caller = await loadCaller(lookup, cache, request, secret);
      const decision = decideRoleAccess(permission, request.caller);
      if (decision === 'unauthenticated') throw new AppError('UNAUTHENTICATED');
      if (decision === 'forbidden') throw new AppError('FORBIDDEN');
      const statement = ownerStatement(permission);
      if (!statement || !request.caller || statement.from === 'body') return;
      await assertOwns(statement.kind, idFrom(request, statement), request.caller);
    });
  },
);
