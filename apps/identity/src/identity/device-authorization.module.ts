import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG, CLOCK, systemClock } from '@core-vault/platform';
import { type IdentityConfig } from '../config';
import { DeviceAuthorizationController } from './device-authorization.controller';
import { DeviceAuthorizationRepository } from './device-authorization.repository';
import { DEVICE_AUTHORIZATION_MODEL, deviceAuthorizationSchema } from './device-authorization.schema';
import { DeviceAuthorizationService } from './device-authorization.service';
import { PersonalTokenModule } from './personal-token.module';
import { SecretHasher } from './secrets';

/** Device sign-ins for the command line (RFC 8628): a module of the identity context beside the keys it mints. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: DEVICE_AUTHORIZATION_MODEL, schema: deviceAuthorizationSchema }]),
    PersonalTokenModule,
  ],
  controllers: [DeviceAuthorizationController],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    {
      provide: SecretHasher,
      inject: [APP_CONFIG],
      useFactory: (c: IdentityConfig) => new SecretHasher(c.IDENTITY_HMAC_SECRET),
    },
    DeviceAuthorizationRepository,
    DeviceAuthorizationService,
  ],
})
export class DeviceAuthorizationModule {}
