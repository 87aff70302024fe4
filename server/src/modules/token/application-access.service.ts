import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import { isApiKeyPrincipal } from '../api-keys/api-key-principal.js';
import { ApiException } from '../../common/errors/api.exception.js';
import type { Application } from '../applications/application.entity.js';
import type { User } from '../users/user.entity.js';
import { TokenService } from './token.service.js';

/** Header that carries an application token (DESIGN §4), besides the `token` query parameter. */
export const APPLICATION_TOKEN_HEADER = 'x-application-token';

/** The application token a request carries, from the header or the `token` query parameter. */
export function applicationTokenOf(request: Request): string | undefined {
  const header = request.headers[APPLICATION_TOKEN_HEADER];
  if (typeof header === 'string' && header) return header;
  const query = request.query.token;
  return typeof query === 'string' && query ? query : undefined;
}

/**
 * Who may touch an application (DESIGN §4): the holder of its token, its logged-in owner, an admin, or
 * (reading only: GET and HEAD) a reader it is assigned to (issue 15 item 2), and nothing else. A logged-in applicant who presents the token of an unowned application becomes its
 * owner (issue 11: ownership by proof of the token, besides a verified address). Refusals are logged.
 */
@Injectable()
export class ApplicationAccessService {
  private readonly logger = new Logger(ApplicationAccessService.name);

  constructor(
    private readonly tokens: TokenService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /**
   * @param applicationId the application the request names (path or body); when absent, the
   *        application of the request's token
   * @returns the application, when the caller may use it
   * @throws ApiException TKN-00x for a bad token; 403 AUTH-403 when the token is for another application
   *         or the user neither owns it nor is an admin; 401 AUTH-401 with neither token nor login
   *         (or with a login but no applicationId)
   * @param token the application token; by default the request's ({@link applicationTokenOf}). A body
   *        field can pass it for callers that cannot set headers (a beacon).
   */
  async authorize(request: Request & { user?: User }, applicationId?: string, token = applicationTokenOf(request)): Promise<Application> {
    if (token) {
      const { application } = await this.tokens.resolve(token);
      if (applicationId && application.id !== applicationId) return this.refuse(request, applicationId, 'token of another application');
      // presenting the token proves the right to the application: a logged-in applicant claims it if unowned (issue 11)
      if (request.user?.role === 'applicant' && !application.userId)
        application.userId = await this.tokens.claim(application.id, request.user.id);
      return application;
    }
    const user = request.user;
    if (!user || !applicationId) throw new ApiException(HttpStatus.UNAUTHORIZED, 'AUTH-401');
    const application = await this.tokens.findApplication(applicationId);
    if (!application) {
      if (user.role === 'admin') throw new ApiException(HttpStatus.NOT_FOUND, 'APP-404');
      return this.refuse(request, applicationId, 'unknown application');
    }
    if (user.role === 'admin' || application.userId === user.id) return application;
    // an API key reaches here only on routes that declare a scope it holds (BearerAuthGuard); reads only
    const caller: unknown = user;
    if (isApiKeyPrincipal(caller) && ['GET', 'HEAD'].includes(request.method) && caller.scopes.includes('applications:read'))
      return application;
    if (user.role === 'reader' && ['GET', 'HEAD'].includes(request.method) && (await this.isAssigned(application.id, user.id)))
      return application;
    return this.refuse(request, applicationId, `user ${user.id} is not the owner`);
  }

  /** True when the application is assigned to the reader (`application_assignments`). */
  private async isAssigned(applicationId: string, readerId: string): Promise<boolean> {
    const rows = (await this.db.query(`SELECT 1 FROM application_assignments WHERE application_id = $1 AND reader_id = $2`, [
      applicationId,
      readerId,
    ])) as unknown[];
    return rows.length > 0;
  }

  private refuse(request: Request, applicationId: string, why: string): never {
    this.logger.warn(`Refused ${request.method} ${request.path} for application ${applicationId} from ${request.ip}: ${why}`);
    throw new ApiException(HttpStatus.FORBIDDEN, 'AUTH-403');
  }
}
