/** /auth calls (ordering §7 Auth). Thin: schema, permission, service call. */
import {
  AUTH_MESSAGES,
  errorResponse,
  idParam,
  loginRequest,
  loginResponse,
  okResponse,
  updatePasswordQuery,
  updatePasswordRequest,
} from '@selvedge/shared';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { createAuthService } from './auth.service';

export const authRoutes: ApiModule = (app, ctx) => {
  const auth = createAuthService(ctx);
  const tags = ['auth'];

  app.post(
    '/auth/login',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        security: [],
        summary: 'Sign in; answers a bearer token carrying the role',
        body: loginRequest,
        response: { 200: loginResponse, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (req) => auth.login(req.body.email, req.body.password, req.ip),
  );

  app.get(
    '/auth/logout',
    {
      config: { permission: 'signedIn', changesSessions: true },
      schema: { tags, summary: 'Revoke the token used', response: { 200: okResponse, 401: errorResponse } },
    },
    async (req) => {
      await auth.logout(currentUser(req).sessionId);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/auth/users/:id/reset-password',
    {
      config: { permission: 'usersManage' },
      schema: {
        tags,
        summary: 'Mail the user a single-use password reset link (admin)',
        params: idParam,
        response: { 200: okResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (req) => auth.sendPasswordReset(req.params.id),
  );

  app.post(
    '/auth/update-password',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        security: [],
        summary: 'Set a new password with the token of a reset link',
        querystring: updatePasswordQuery,
        body: updatePasswordRequest,
        response: { 200: okResponse, 400: errorResponse },
      },
    },
    async (req) => auth.updatePassword(req.query.token, req.body.password),
  );
};
