import { type Type } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { z } from 'zod';
import { type ApiRoute, defineRoute } from '@core-vault/contracts';
import { declaredRoutes } from '@core-vault/platform/testing';
import { type DownstreamClient } from './downstream.client';
import { type Forwarder, bySpecificity, forwardersFor } from './route-forwarders';

const route = (id: string, method: ApiRoute['method'], path: string, extra: Partial<ApiRoute> = {}) =>
  defineRoute({ id, method, path, access: 'user', summary: id, tag: 't', response: z.object({}), ...extra });

const routes = [
  route('getThing', 'GET', '/api/v1/things/:id', { access: 'public' }),
  route('searchThings', 'GET', '/api/v1/things/search'),
  route('createThing', 'POST', '/api/v1/things', { access: { feature: 'basic_upload' } }),
  route('trackThing', 'POST', '/api/v1/things/track', { access: 'public', answeredBy: 'gateway' }),
  route('thingStats', 'GET', '/api/v1/things/:id/stats', { access: { feature: 'analytics_basic' } }),
];

class StreamedRead implements Forwarder {
  readonly calls: string[] = [];
  forward(req: Request): Promise<void> {
    this.calls.push(req.originalUrl);
    return Promise.resolve();
  }
}

function instance(cls: Type, downstream: DownstreamClient, streamed: StreamedRead) {
  return new cls(downstream, streamed) as Record<string, (req: Request, res: Response) => Promise<void>>;
}

describe('forwardersFor', () => {
  const Generated = forwardersFor({
    service: 'artifacts',
    name: 'ThingsGatewayController',
    routes,
    options: { cookies: true },
    byRoute: {
      getThing: { via: StreamedRead },
      createThing: { options: { raw: true, extraHeaders: ['x-signature'] } },
    },
  });

  it('declares one route per contract with its access rule; literal paths before parameters', () => {
    expect(Generated.name).toBe('ThingsGatewayController');
    expect(
      declaredRoutes([Generated]).map(({ method, path, access }) => `${method} ${path} ${access}`),
    ).toEqual([
      'POST /api/v1/things feature:basic_upload',
      'GET /api/v1/things/search user',
      'GET /api/v1/things/:id public',
      'GET /api/v1/things/:id/stats feature:analytics_basic',
    ]);
  });

  it('forwards to the service with the context options, merged with the route own; `via` answers instead', async () => {
    const forwarded: unknown[][] = [];
    const downstream = {
      forward: (...args: unknown[]) => Promise.resolve(void forwarded.push(args)),
    } as unknown as DownstreamClient;
    const streamed = new StreamedRead();
    const controller = instance(Generated, downstream, streamed);
    const req = { originalUrl: '/api/v1/things/abc' } as Request;
    const res = {} as Response;
    await controller['getThing']?.(req, res);
    await controller['createThing']?.(req, res);
    await controller['searchThings']?.(req, res);
    expect(streamed.calls).toEqual(['/api/v1/things/abc']);
    expect(forwarded).toEqual([
      ['artifacts', req, res, { cookies: true, raw: true, extraHeaders: ['x-signature'] }],
      ['artifacts', req, res, { cookies: true }],
    ]);
  });

  it('refuses a per-route setting for a route it does not forward (a typo, or one the gateway answers)', () => {
    expect(() =>
      forwardersFor({ service: 'artifacts', name: 'X', routes, byRoute: { trackThing: {} } }),
    ).toThrow('no forwarded artifacts route "trackThing"');
  });

  it('orders literal segments before parameters at the first difference', () => {
    const sorted = [...routes].sort(bySpecificity).map((r) => r.path);
    expect(sorted.indexOf('/api/v1/things/search')).toBeLessThan(sorted.indexOf('/api/v1/things/:id'));
    expect(sorted.indexOf('/api/v1/things/track')).toBeLessThan(sorted.indexOf('/api/v1/things/:id'));
  });
});
