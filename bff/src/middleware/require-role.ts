import { userRoles, type Access, type ConsoleRole } from '@credence/shared';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { ProblemError } from '../problem.js';

/** 401 without a session, 403 when the session's role is not among `roles`. */
export function requireRole(roles: readonly ConsoleRole[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) throw c.get('sessionError') ?? new ProblemError(401, 'Log in to continue.', { code: 'session.loginRequired' });
    if (!roles.includes(user.role)) {
      throw new ProblemError(403, `The ${user.role} role may not do this.`, { code: 'session.roleForbidden', params: { role: user.role } });
    }
    await next();
  };
}

export const requireLogin = (): MiddlewareHandler<AppEnv> => requireRole(userRoles);

/** The check a contract entry's `access` asks for. */
export function requireAccess(access: Access): MiddlewareHandler<AppEnv> {
  if (access === 'public') return (_c, next) => next();
  return access === 'login' ? requireLogin() : requireRole(access);
}
