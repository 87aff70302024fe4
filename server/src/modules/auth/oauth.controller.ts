import { Controller, Get, HttpCode, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Inject } from '@nestjs/common';
import { RateLimited } from '../../common/http/throttle.js';
import { OAuthUrlResponse } from './dto/password.dto.js';
import { OAUTH_STATE_TTL_MS, OAuthCallbackError, OAuthService } from './oauth.service.js';

/** Cookie that binds a sign-in's `state` to the browser that started it (login CSRF defence). */
const STATE_COOKIE = 'oauth_state';
const COOKIE_PATH = '/api/oauth/';

/** OAuth2 / OIDC sign-in (spec §7 `POST /api/oauth/{provider}`; DESIGN §4). */
@ApiTags('auth')
@Controller('oauth')
export class OAuthController {
  private readonly logger = new Logger(OAuthController.name);

  constructor(
    private readonly oauth: OAuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Starts a sign-in: answers `{url}` (the provider's authorization URL with state and PKCE) and sets
   * the httpOnly `oauth_state` cookie (10 minutes). 404 REQ-404 for a provider not in OAUTH_PROVIDERS.
   */
  @Post(':provider')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({ summary: 'Start an OAuth sign-in; answers the URL to send the browser to' })
  @ApiOkResponse({ type: OAuthUrlResponse })
  @ApiNotFoundResponse({ description: 'REQ-404: provider not configured' })
  async start(@Param('provider') provider: string, @Res({ passthrough: true }) response: Response): Promise<OAuthUrlResponse> {
    const { url, state } = await this.oauth.start(provider);
    response.cookie(STATE_COOKIE, state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.NODE_ENV === 'production',
      path: COOKIE_PATH,
      maxAge: OAUTH_STATE_TTL_MS,
    });
    return { url };
  }

  /**
   * The provider sends the browser here. Success: 302 to `/login#oauth_token=<token>&token_type=bearer&expires_in=<s>`;
   * failure: 302 to `/login#oauth_error=OAU-001|OAU-002|OAU-003` (docs/api.md).
   */
  @Get(':provider/callback')
  @ApiOperation({
    operationId: 'finishOAuth',
    summary: 'OAuth callback: exchanges the code, links or creates the account, redirects to /login with a fragment',
  })
  @ApiQuery({ name: 'code', type: String, required: false })
  @ApiQuery({ name: 'state', type: String, required: false })
  @ApiQuery({ name: 'iss', type: String, required: false, description: 'the issuer (RFC 9207), checked when the provider sends it' })
  @ApiQuery({ name: 'error', type: String, required: false })
  @ApiFoundResponse({ description: 'redirect to the applicant-ui /login with #oauth_token=… or #oauth_error=…' })
  async callback(
    @Param('provider') provider: string,
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const text = (v: unknown) => (typeof v === 'string' && v.length <= 2048 ? v : undefined);
    const cookies = request.cookies as Record<string, string | undefined> | undefined;
    response.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Referrer-Policy', 'no-referrer');
    try {
      const issued = await this.oauth.complete(
        provider,
        { code: text(query.code), state: text(query.state), iss: text(query.iss), error: text(query.error) },
        cookies?.[STATE_COOKIE],
      );
      response.redirect(
        302,
        this.oauth.landingUrl({ oauth_token: issued.token, token_type: 'bearer', expires_in: String(issued.expires_in) }),
      );
    } catch (error) {
      if (!(error instanceof OAuthCallbackError)) throw error;
      this.logger.warn(`OAuth ${provider} callback refused (${error.code}): ${error.message}`);
      response.redirect(302, this.oauth.landingUrl({ oauth_error: error.code }));
    }
  }
}
