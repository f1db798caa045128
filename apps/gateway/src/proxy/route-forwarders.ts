import {
  Controller,
  Inject,
  Req,
  RequestMapping,
  RequestMethod,
  Res,
  type Type,
  applyDecorators,
} from '@nestjs/common';
import { type Request, type Response } from 'express';
import { type ApiRoute, type RouteOwner, routesByService } from '@core-vault/contracts';
import { DownstreamClient, type ForwardOptions } from './downstream.client';
import { accessDecorators } from './route-access';

/** A provider that answers a route itself, e.g. the streamed public read (PublicReadForwarder). */
export interface Forwarder {
  forward(req: Request, res: Response): Promise<void>;
}

/** What one route does at the gateway besides forwarding as its contract says. */
export interface RouteForwarding {
  /** Options of DownstreamClient.forward for this route, over the context's. */
  options?: ForwardOptions;
  /** Answered by this provider (it must be provided in the module) instead of DownstreamClient. */
  via?: Type<Forwarder>;
  /** More Nest decorators on the route: rate limits and their guard. */
  decorators?: readonly MethodDecorator[];
}

export interface ForwardersSpec {
  /** The service whose contract list (`routesByService`) is forwarded, to that service. */
  service: RouteOwner;
  /** Class name, for Nest's logs. */
  name: string;
  options?: ForwardOptions;
  /** By route id; an id that is not in the service's list is refused at start-up. */
  byRoute?: Readonly<Record<string, RouteForwarding>>;
  /** The contract list; the service's list in `routesByService` unless given (specs). */
  routes?: readonly ApiRoute[];
}

type Handler = (req: Request, res: Response) => Promise<void>;

/**
 * Express tries routes in the order they were added: at the first segment where two paths differ,
 * a literal (`/artifacts/search`) must come before a parameter (`/artifacts/:id`), whatever order
 * the contract lists them in.
 */
export function bySpecificity(a: ApiRoute, b: ApiRoute): number {
  const key = (route: ApiRoute) => route.path.split('/').map((s) => (s.startsWith(':') ? '\uffff' : s));
  const [x, y] = [key(a), key(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [x[i] ?? '', y[i] ?? ''];
    if (p !== q) return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

/**
 * The gateway controller of one service, generated from its route contracts: one route per
 * contract entry (method, path, access rule), each forwarding the request as it is. Adding a
 * route to a context's contract list adds it here, with no gateway edit; calls the gateway
 * answers itself (`answeredBy: 'gateway'`) are left to its own controllers.
 */
export function forwardersFor(spec: ForwardersSpec): Type {
  const routes = [...(spec.routes ?? routesByService[spec.service])]
    .filter((route) => route.answeredBy !== 'gateway')
    .sort(bySpecificity);
  const byRoute = spec.byRoute ?? {};
  const ids = new Set(routes.map((r) => r.id));
  for (const id of Object.keys(byRoute))
    if (!ids.has(id)) throw new Error(`${spec.name}: no forwarded ${spec.service} route "${id}"`);
  if (ids.size !== routes.length) throw new Error(`${spec.name}: route ids must be unique`);
  const providers = [...new Set(Object.values(byRoute).flatMap((f) => (f.via ? [f.via] : [])))];

  class Forwarders {
    readonly handlers: ReadonlyMap<string, Handler>;

    constructor(downstream: DownstreamClient, ...instances: Forwarder[]) {
      this.handlers = new Map(
        routes.map((route): [string, Handler] => {
          const own = byRoute[route.id];
          const via = own?.via && instances[providers.indexOf(own.via)];
          if (via) return [route.id, (req, res) => via.forward(req, res)];
          const options = { ...spec.options, ...own?.options };
          return [route.id, (req, res) => downstream.forward(spec.service, req, res, options)];
        }),
      );
    }
  }
  Object.defineProperty(Forwarders, 'name', { value: spec.name });
  [DownstreamClient, ...providers].forEach((token, i) => Inject(token)(Forwarders, undefined, i));

  for (const route of routes) {
    const handler = function (this: Forwarders, req: Request, res: Response): Promise<void> {
      const handle = this.handlers.get(route.id);
      if (!handle) throw new Error(`no handler for ${route.id}`);
      return handle(req, res);
    };
    Object.defineProperty(handler, 'name', { value: route.id });
    const descriptor = { value: handler, writable: true, configurable: true, enumerable: false };
    applyDecorators(
      RequestMapping({ path: route.path, method: RequestMethod[route.method] }),
      ...accessDecorators(route.access),
      ...(byRoute[route.id]?.decorators ?? []),
    )(Forwarders.prototype, route.id, descriptor);
    Object.defineProperty(Forwarders.prototype, route.id, descriptor);
    Req()(Forwarders.prototype, route.id, 0);
    Res()(Forwarders.prototype, route.id, 1);
  }
  Controller()(Forwarders);
  return Forwarders;
}
