import type { FastifyRequest } from 'fastify';
import { forbidden, notLoggedIn } from '../http/errors.ts';
import type { AuthContext } from './sessions.ts';

/** Who may call a route: set as `config: { auth: … }` in the route options. */
export type AuthRequirement = 'author' | 'editor' | 'admin' | 'optional';

export function checkAccess(requirement: AuthRequirement | undefined, auth: AuthContext | null): void {
  if (!requirement || requirement === 'optional') return;
  if (!auth) throw notLoggedIn();
  if (requirement === 'editor' && auth.role !== 'editor' && auth.role !== 'admin') throw forbidden();
  if (requirement === 'admin' && auth.role !== 'admin') throw forbidden();
}

/** The caller of a route declared with an auth requirement (the platform has already checked it). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw notLoggedIn();
  return request.auth;
}
