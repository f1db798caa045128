import {
  Controller,
  type DynamicModule,
  Get,
  Global,
  Header,
  Inject,
  type MiddlewareConsumer,
  Module,
  type NestModule,
} from '@nestjs/common';
import { type NextFunction, type Request, type Response } from 'express';
import { Public } from '../http/public.decorator';
import { ServiceMetrics } from './service-metrics';

export const METRICS = Symbol('METRICS');

@Controller('metrics')
class MetricsController {
  constructor(@Inject(METRICS) private readonly metrics: ServiceMetrics) {}

  /** Prometheus scrape endpoint; the Ingress never routes /metrics from outside. */
  @Public()
  @Get()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}

/** Request duration by route pattern (not raw URL, so ids do not explode the label set). */
function httpMetrics(metrics: ServiceMetrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const stop = metrics.httpDuration.startTimer({ method: req.method });
    res.once('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path;
      stop({ route: route ? `${req.baseUrl}${route}` : 'unmatched', status: String(res.statusCode) });
    });
    next();
  };
}

/** The service's Prometheus registry under METRICS, /metrics, and request durations. */
@Global()
@Module({})
export class MetricsModule implements NestModule {
  constructor(@Inject(METRICS) private readonly metrics: ServiceMetrics) {}

  static forRoot(service: string): DynamicModule {
    return {
      module: MetricsModule,
      controllers: [MetricsController],
      providers: [{ provide: METRICS, useFactory: () => new ServiceMetrics(service) }],
      exports: [METRICS],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(httpMetrics(this.metrics)).exclude('metrics').forRoutes('*');
  }
}
