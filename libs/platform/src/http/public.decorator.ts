import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_ROUTE = 'core-vault:public-route';

/** Marks a route that needs no signed-in user; every other route goes through the auth guard. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_ROUTE, true);
