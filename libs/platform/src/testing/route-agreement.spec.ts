import { Controller, Delete, Get, Module, Post } from '@nestjs/common';
import { z } from 'zod';
import { type ApiRoute, defineRoute } from '@core-vault/contracts';
import { RequireAnalytics } from '../auth/analytics-access.guard';
import { AdminOnly, RequireFeature } from '../auth/auth.decorators';
import { HealthModule } from '../health/health.module';
import { Public } from '../http/public.decorator';
import { controllersOf, declaredRoutes, routeDisagreements } from './route-agreement';

const route = (id: string, method: ApiRoute['method'], path: string, access: ApiRoute['access']) =>
  defineRoute({ id, method, path, access, summary: id, tag: 'things', response: z.object({}) });

const contracts = [
  route('listThings', 'GET', '/api/v1/things', 'user'),
  route('getThing', 'GET', '/api/v1/things/:id', 'public'),
  route('createThing', 'POST', '/api/v1/things', { feature: 'basic_upload' }),
  route('thingStats', 'GET', '/api/v1/things/:id/stats', { feature: 'analytics_advanced' }),
  route('purgeThings', 'DELETE', '/api/v1/things', 'admin'),
];

@Controller('api/v1/things')
class AgreeingController {
  @Get() list() {}
  @Public() @Get(':id') get() {}
  @RequireFeature('basic_upload') @Post() create() {}
  @RequireAnalytics('advanced') @Get(':id/stats') stats() {}
  @AdminOnly() @Delete() purge() {}
}

@Controller('api/v1/things')
class DriftingController {
  @Get() list() {}
  /** Forgot @Public(). */
  @Get(':id') get() {}
  @RequireFeature('custom_domains') @Post() create() {}
  /** In no contract. */
  @Post(':id/archive') archive() {}
}

@Controller('api/v1')
class DuplicateController {
  @Get('things') listAgain() {}
}

@Module({ controllers: [DriftingController] })
class InnerModule {}

@Module({ imports: [HealthModule, InnerModule], controllers: [DuplicateController] })
class OuterModule {}

describe('route agreement', () => {
  it('reads method, full path and access rule from the decorators', () => {
    expect(
      declaredRoutes([AgreeingController]).map(({ method, path, access }) => [method, path, access]),
    ).toEqual([
      ['GET', '/api/v1/things', 'user'],
      ['GET', '/api/v1/things/:id', 'public'],
      ['POST', '/api/v1/things', 'feature:basic_upload'],
      ['GET', '/api/v1/things/:id/stats', 'feature:analytics_advanced'],
      ['DELETE', '/api/v1/things', 'admin'],
    ]);
    expect(routeDisagreements(declaredRoutes([AgreeingController]), contracts)).toEqual([]);
  });

  it('finds every controller of a module tree, leaving the platform modules out', () => {
    expect(controllersOf(OuterModule)).toEqual([DuplicateController, DriftingController]);
    expect(controllersOf({ module: OuterModule, controllers: [AgreeingController] })).toContain(
      AgreeingController,
    );
  });

  it('names each disagreement: access, missing, unlisted and duplicate routes', () => {
    const problems = routeDisagreements(declaredRoutes(controllersOf(OuterModule)), contracts);
    expect(problems).toEqual([
      'GET /api/v1/things/:id: the contract says public, DriftingController.get says user',
      'POST /api/v1/things: the contract says feature:basic_upload, DriftingController.create says feature:custom_domains',
      'GET /api/v1/things/:id/stats (thingStats): in the contracts, declared by no controller',
      'DELETE /api/v1/things (purgeThings): in the contracts, declared by no controller',
      'GET /api/v1/things: declared 2 times (DuplicateController.listAgain, DriftingController.list)',
      'POST /api/v1/things/:id/archive: declared by DriftingController.archive, in no contract',
    ]);
  });
});
