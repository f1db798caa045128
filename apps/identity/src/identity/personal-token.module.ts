import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CLOCK, systemClock } from '@core-vault/platform';
import { PersonalTokenController } from './personal-token.controller';
import { PersonalTokenProjection } from './personal-token.projection';
import { PersonalTokenRepository } from './personal-token.repository';
import {
  PERSONAL_TOKEN_MODEL,
  PERSONAL_TOKEN_QUOTA_MODEL,
  personalTokenQuotaSchema,
  personalTokenSchema,
} from './personal-token.schema';
import { PersonalTokenService } from './personal-token.service';
import { UserRepository } from './user.repository';
import { USER_MODEL, userSchema } from './user.schema';

/** Personal access tokens (API keys): part of the identity context, in a module of its own. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PERSONAL_TOKEN_MODEL, schema: personalTokenSchema },
      { name: PERSONAL_TOKEN_QUOTA_MODEL, schema: personalTokenQuotaSchema },
      { name: USER_MODEL, schema: userSchema },
    ]),
  ],
  controllers: [PersonalTokenController],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    UserRepository,
    PersonalTokenRepository,
    PersonalTokenProjection,
    PersonalTokenService,
  ],
  exports: [PersonalTokenService, PersonalTokenProjection],
})
export class PersonalTokenModule {}
