import { type DynamicModule, Global, Module } from '@nestjs/common';

/** Injection token of the validated, typed app config (inject with `@Inject(APP_CONFIG)`). */
export const APP_CONFIG = Symbol('APP_CONFIG');

@Global()
@Module({})
export class ConfigModule {
  static forRoot<T extends object>(config: T): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
