import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessTokenVerifier } from './access-token';
import { AuthGuard } from './auth.guard';
import { PersonalTokenStrategy } from './personal-token.strategy';
import { SessionTokenStrategy, TOKEN_VERIFIER } from './session-token.strategy';

export * from './personal-token';
export * from './personal-token.strategy';
export * from './session-token.strategy';

/** Registers the auth guard, and its two passport strategies, for every route of the service. */
@Global()
@Module({})
export class AuthModule {
  static forRoot(options: { publicKey: string }): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        { provide: TOKEN_VERIFIER, useValue: new AccessTokenVerifier(options.publicKey) },
        SessionTokenStrategy,
        PersonalTokenStrategy,
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
      // PersonalTokenStrategy: the gateway verifies a key before its cross-site exemption.
      exports: [TOKEN_VERIFIER, PersonalTokenStrategy],
    };
  }
}
