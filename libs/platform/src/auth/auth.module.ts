import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessTokenVerifier } from './access-token';
import { AuthGuard, TOKEN_VERIFIER } from './auth.guard';

/** Registers the auth guard for every route of the service. */
@Global()
@Module({})
export class AuthModule {
  static forRoot(options: { publicKey: string }): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        { provide: TOKEN_VERIFIER, useValue: new AccessTokenVerifier(options.publicKey) },
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
      exports: [TOKEN_VERIFIER],
    };
  }
}
