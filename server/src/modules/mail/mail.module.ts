import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service.js';

/** E-mail delivery (nodemailer): SMTP with `SMTP_URL`, else `.eml` files under `DATA_DIR/mail`. Global. */
@Global()
@Module({ providers: [MailService], exports: [MailService] })
export class MailModule {}
