import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { type Redis } from 'ioredis';
import { APP_CONFIG, AccessTokenSigner, CLOCK, REDIS, CooldownLock, systemClock } from '@core-vault/platform';
import { type IdentityConfig } from '../config';
import { AccountDeletionController } from './account-deletion.controller';
import { AccountDeletionRepository } from './account-deletion.repository';
import { AccountDeletionService } from './account-deletion.service';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { AuthService } from './auth.service';
import { BillingEventsConsumer } from './billing-events.consumer';
import { CodeRepository } from './code.repository';
import { VERIFICATION_CODE_MODEL, verificationCodeSchema } from './code.schema';
import { CodeService } from './code.service';
import { IdentityController } from './identity.controller';
import { PasswordHasher } from './password-hasher';
import { PersonalTokenModule } from './personal-token.module';
import { SecretHasher } from './secrets';
import { RevokedSessions } from './revoked-sessions';
import { SessionController } from './session.controller';
import { SessionRepository } from './session.repository';
import { SESSION_MODEL, sessionSchema } from './session.schema';
import { SessionService } from './session.service';
import { UserDeletedConsumer } from './user-deleted.consumer';
import { UserRepository } from './user.repository';
import { USER_MODEL, userSchema } from './user.schema';

/** The identity bounded context: users, credentials, codes, sessions, roles. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: USER_MODEL, schema: userSchema },
      { name: SESSION_MODEL, schema: sessionSchema },
      { name: VERIFICATION_CODE_MODEL, schema: verificationCodeSchema },
    ]),
    PersonalTokenModule,
  ],
  // BillingEventsConsumer is a controller: Nest registers its @EventPattern handlers.
  controllers: [
    IdentityController,
    AccountController,
    SessionController,
    AccountDeletionController,
    BillingEventsConsumer,
    UserDeletedConsumer,
  ],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    {
      provide: PasswordHasher,
      inject: [APP_CONFIG],
      useFactory: (c: IdentityConfig) => new PasswordHasher(c.PASSWORD_SCRYPT_LOG_N),
    },
    {
      provide: SecretHasher,
      inject: [APP_CONFIG],
      useFactory: (c: IdentityConfig) => new SecretHasher(c.IDENTITY_HMAC_SECRET),
    },
    {
      provide: AccessTokenSigner,
      inject: [APP_CONFIG],
      useFactory: (c: IdentityConfig) => new AccessTokenSigner(c.AUTH_PRIVATE_KEY),
    },
    { provide: CooldownLock, inject: [REDIS], useFactory: (r: Redis) => new CooldownLock(r) },
    UserRepository,
    SessionRepository,
    CodeRepository,
    CodeService,
    RevokedSessions,
    SessionService,
    AuthService,
    AccountDeletionRepository,
    AccountDeletionService,
    AccountService,
  ],
})
export class IdentityModule {}
