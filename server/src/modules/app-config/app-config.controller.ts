import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { LOCALES } from '../../common/i18n/i18n.service.js';

/** What the front ends need to know about this deployment. */
export class PublicConfigResponse {
  @ApiProperty({ description: "the provider's main site (logo link, end of session)" }) mainSiteUrl: string;
  @ApiProperty({ type: [String] }) locales: string[];
  @ApiProperty({ description: 'session maximum time (ms), spec §9' }) sessionMaxMs: number;
  @ApiProperty({ description: 'maintenance poll interval (ms), spec §9' }) maintenanceCheckIntervalMs: number;
  @ApiProperty({
    type: [String],
    example: ['acme'],
    description:
      'names of the OAuth sign-in providers configured in OAUTH_PROVIDERS (for `POST /api/oauth/{provider}`); never their settings',
  })
  oauthProviders: string[];
  @ApiProperty({ example: 'USD', description: 'ISO 4217 code of the application fee (`CURRENCY`), for formatting amounts' })
  currency: string;
}

/** `GET /api/config`. Public. */
@ApiTags('config')
@Controller('config')
export class AppConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Public settings of this deployment. `oauthProviders` lists only the provider names of
   * OAUTH_PROVIDERS (in their configured order), never client ids, secrets or URLs.
   */
  @Get()
  @ApiOperation({ summary: 'Public configuration for the front ends' })
  @ApiOkResponse({ type: PublicConfigResponse })
  get(): PublicConfigResponse {
    return publicConfigOf(this.config);
  }
}

/** The body of `GET /api/config` for a configuration (also prebuilt by the hot-read fast path). */
export function publicConfigOf(config: AppConfig): PublicConfigResponse {
  return {
    mainSiteUrl: config.MAIN_SITE_URL,
    locales: [...LOCALES],
    sessionMaxMs: 1_800_000,
    maintenanceCheckIntervalMs: 80_000,
    oauthProviders: Object.keys(config.OAUTH_PROVIDERS ?? {}),
    currency: config.CURRENCY,
  };
}
