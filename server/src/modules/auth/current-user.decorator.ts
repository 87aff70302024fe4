import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { User } from '../users/user.entity.js';

/** The authenticated user of the request (set by the bearer guards), or undefined. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): User | undefined => {
  return context.switchToHttp().getRequest<Request & { user?: User }>().user;
});

/** The raw bearer token of the request, or undefined. */
export const BearerToken = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined => {
  const header = context.switchToHttp().getRequest<Request>().headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
});
