import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { z } from 'zod';
import { secret } from '../config/config';

/** SMTP_URL: smtp://user:pass@host:port (smtps:// for implicit TLS). MAIL_FROM: the sender shown. */
export const mailConfigSchema = z.object({
  SMTP_URL: secret(
    z.string().refine((v) => {
      try {
        return ['smtp:', 'smtps:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, 'must be a smtp or smtps URL'),
  ),
  MAIL_FROM: z.string().min(3).max(200).default('Core Vault <no-reply@corevault.local>'),
});

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailOptions {
  smtpUrl: string;
  from: string;
}

export const MAIL_OPTIONS = Symbol('MAIL_OPTIONS');

/** Sends e-mail over SMTP (add ?pool=true to SMTP_URL to reuse connections); throws when the relay refuses or is down. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(MAIL_OPTIONS) private readonly options: MailOptions) {
    this.transport = createTransport(options.smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.options.from, ...message });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}

/**
 * Reusable SMTP mail (identity's codes, onboarding's reminders). Not a readiness check on purpose:
 * a mail relay outage must not take a service out of the load balancer.
 */
@Global()
@Module({})
export class MailModule {
  static forRoot(options: MailOptions): DynamicModule {
    return {
      module: MailModule,
      providers: [{ provide: MAIL_OPTIONS, useValue: options }, Mailer],
      exports: [Mailer],
    };
  }
}
