import { CanActivate, ExecutionContext, HttpStatus, Injectable, SetMetadata, applyDecorators, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth, ApiExtension, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiException } from '../../common/errors/api.exception.js';
import { isApiKeyPrincipal, type ApiKeyPrincipal } from '../api-keys/api-key-principal.js';
import { REQUIRED_SCOPE, type ApiKeyScope } from '../api-keys/api-key-scopes.js';
import { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { User, UserRole } from '../users/user.entity.js';

/**
 * Requires a valid bearer token; 401 AUTH-401 otherwise. Puts the caller on `request.user`: a user, or an
 * {@link ApiKeyPrincipal} for an API key, which passes only where the route declares a scope the key holds
 * ({@link RequiresScope}; 403 AUTH-403 otherwise, 429 AUTH-429 over the key's rate limit; every use audited).
 */
@Injectable()
export class BearerAuthGuard extends AuthGuard('bearer') {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<Request & { user?: unknown }>();
    if (isApiKeyPrincipal(request.user)) {
      const scope = this.reflector.getAllAndOverride<ApiKeyScope | undefined>(REQUIRED_SCOPE, [context.getHandler(), context.getClass()]);
      await this.apiKeys.authorize(request.user, scope, request);
    }
    return true;
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error || !user) throw new ApiException(HttpStatus.UNAUTHORIZED, 'AUTH-401');
    return user;
  }
}

/** Authenticates when a bearer token is sent, and lets anonymous callers through (`request.user` unset). */
@Injectable()
export class OptionalBearerAuthGuard extends BearerAuthGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.headers.authorization) return true;
    return super.canActivate(context);
  }
}

const ROLES_KEY = 'roles';

/** Requires `request.user.role` to be one of the route's roles; 403 AUTH-403 otherwise. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<UserRole[]>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<Request & { user?: User | ApiKeyPrincipal }>().user;
    // an API key's scope was checked by BearerAuthGuard, which runs first (AdminOnly)
    if (isApiKeyPrincipal(user)) return true;
    if (!user || !roles.includes(user.role)) throw new ApiException(HttpStatus.FORBIDDEN, 'AUTH-403');
    return true;
  }
}

/** Route decorator: logged-in callers only (401 otherwise). */
export const LoggedIn = () =>
  applyDecorators(UseGuards(BearerAuthGuard), ApiBearerAuth(), ApiUnauthorizedResponse({ description: 'AUTH-401' }));

/**
 * Route or controller decorator: administrators only (401 anonymous, 403 others); spec §6. Every
 * `/api/admin` controller carries it, so a route stays admin-only unless it opts in with {@link AllowReaders}.
 */
export const AdminOnly = () =>
  applyDecorators(
    SetMetadata(ROLES_KEY, ['admin']),
    UseGuards(BearerAuthGuard, RolesGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'AUTH-401' }),
    ApiForbiddenResponse({ description: 'AUTH-403' }),
  );

/**
 * Route decorator, under {@link AdminOnly}: readers may call this route too (issue 15 item 2). The route's
 * service must then limit a reader to the applications assigned to them. Shown in the OpenAPI document as
 * `x-allow-readers: true` (the access tests sweep every other `/api/admin` route expecting 403).
 */
export const AllowReaders = () => applyDecorators(SetMetadata(ROLES_KEY, ['admin', 'reader']), ApiExtension('x-allow-readers', true));
