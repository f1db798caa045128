import { type DynamicModule, RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { type ApiRoute, type RouteAccess } from '@core-vault/contracts';
import * as platform from '../index';
import { NEEDED_LEVEL } from '../auth/analytics-access.guard';
import { ADMIN_ONLY, REQUIRED_FEATURE } from '../auth/auth.decorators';
import { IS_PUBLIC_ROUTE } from '../http/public.decorator';

/** One HTTP route as Nest will register it, read from the decorators' metadata. */
export interface DeclaredRoute {
  method: string;
  path: string;
  /** 'public', 'user', 'admin' or 'feature:<name>'; several rules at once are joined by '+'. */
  access: string;
  /** Controller.method, for the failure message. */
  where: string;
}

type Imported = Type | DynamicModule | Promise<DynamicModule> | { forwardRef: () => Type };

/** The platform's own modules (health, metrics, config…) serve no route of a context. */
const PLATFORM: ReadonlySet<unknown> = new Set(Object.values(platform));

/** Every controller of a module tree, read from the @Module metadata without starting anything. */
export function controllersOf(root: Type | DynamicModule): Type[] {
  const seen = new Set<unknown>();
  const controllers: Type[] = [];
  const visit = (entry: Imported | undefined): void => {
    if (!entry || entry instanceof Promise) return;
    const dynamic = 'module' in entry ? entry : undefined;
    const cls = dynamic ? dynamic.module : 'forwardRef' in entry ? entry.forwardRef() : (entry as Type);
    if (PLATFORM.has(cls) || seen.has(entry)) return;
    seen.add(entry);
    const own = (key: string) => (Reflect.getMetadata(key, cls) as unknown[] | undefined) ?? [];
    const imports = [...own(MODULE_METADATA.IMPORTS), ...(dynamic?.imports ?? [])] as Imported[];
    for (const c of [...own(MODULE_METADATA.CONTROLLERS), ...(dynamic?.controllers ?? [])] as Type[])
      if (!controllers.includes(c)) controllers.push(c);
    imports.forEach(visit);
  };
  visit(root);
  return controllers;
}

const joinPath = (...parts: (string | undefined)[]) =>
  `/${parts
    .flatMap((p) => (p ?? '').split('/'))
    .filter(Boolean)
    .join('/')}`;

const single = (path: unknown): string | undefined =>
  Array.isArray(path) ? (path.length === 1 ? String(path[0]) : path.join('|')) : (path as string | undefined);

/** The access rule the auth guards enforce on a handler, in `accessKey` form. */
function declaredAccess(handler: object, cls: Type): string {
  const read = <T>(key: string): T | undefined =>
    (Reflect.getMetadata(key, handler) as T | undefined) ?? (Reflect.getMetadata(key, cls) as T | undefined);
  const rules: string[] = [];
  if (read<boolean>(IS_PUBLIC_ROUTE)) rules.push('public');
  if (read<boolean>(ADMIN_ONLY)) rules.push('admin');
  const feature = read<string>(REQUIRED_FEATURE);
  if (feature) rules.push(`feature:${feature}`);
  // RequireAnalytics checks by level (a Business plan has analytics_advanced only); the contracts
  // name the level by the feature that grants it.
  const level = read<string>(NEEDED_LEVEL);
  if (level) rules.push(`feature:analytics_${level}`);
  return rules.length ? rules.join('+') : 'user';
}

export function accessKey(access: RouteAccess): string {
  return typeof access === 'string' ? access : `feature:${access.feature}`;
}

/** Every route the controllers declare: method, full path (controller prefix + method path), access. */
export function declaredRoutes(controllers: readonly Type[]): DeclaredRoute[] {
  return controllers.flatMap((cls) => {
    const prefix = single(Reflect.getMetadata(PATH_METADATA, cls));
    return Object.getOwnPropertyNames(cls.prototype).flatMap((name): DeclaredRoute[] => {
      const handler = (cls.prototype as Record<string, unknown>)[name];
      if (name === 'constructor' || typeof handler !== 'function') return [];
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
      if (method === undefined || path === undefined) return [];
      return [
        {
          method: RequestMethod[method],
          path: joinPath(prefix, single(path)),
          access: declaredAccess(handler, cls),
          where: `${cls.name}.${name}`,
        },
      ];
    });
  });
}

/**
 * Where the controllers and the route contracts disagree, both ways: a contract no controller
 * declares, a route no contract lists, a route declared twice, a different access rule. Empty
 * when they agree.
 */
export function routeDisagreements(
  declared: readonly DeclaredRoute[],
  contracts: readonly ApiRoute[],
): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, DeclaredRoute[]>();
  for (const d of declared)
    byKey.set(`${d.method} ${d.path}`, [...(byKey.get(`${d.method} ${d.path}`) ?? []), d]);
  const listed = new Set<string>();
  for (const route of contracts) {
    const key = `${route.method} ${route.path}`;
    listed.add(key);
    const found = byKey.get(key) ?? [];
    if (!found.length) problems.push(`${key} (${route.id}): in the contracts, declared by no controller`);
    for (const d of found)
      if (d.access !== accessKey(route.access))
        problems.push(`${key}: the contract says ${accessKey(route.access)}, ${d.where} says ${d.access}`);
  }
  for (const [key, found] of byKey) {
    if (!listed.has(key))
      problems.push(`${key}: declared by ${found.map((d) => d.where).join(', ')}, in no contract`);
    if (found.length > 1)
      problems.push(`${key}: declared ${found.length} times (${found.map((d) => d.where).join(', ')})`);
  }
  return problems;
}
