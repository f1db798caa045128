import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { BullBoardModule, type BullBoardInstance, InjectBullBoard } from '@bull-board/nestjs';
import { type DynamicModule, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { type OnboardingConfig } from '../config';
import { CheckInScheduler } from '../onboarding/check-in.scheduler';
import { OnboardingModule } from '../onboarding/onboarding.module';
import { queueBoardAuth } from './queue-board.auth';

/** Where operators open the board: on the onboarding service itself, never through the gateway. */
export const QUEUE_BOARD_ROUTE = '/internal/queues';

/** Puts the check-in queue on the board (its name comes from config, so it is added at init). */
@Injectable()
class CheckInQueueOnBoard implements OnModuleInit {
  constructor(
    @InjectBullBoard() private readonly board: BullBoardInstance,
    private readonly scheduler: CheckInScheduler,
  ) {}

  onModuleInit(): void {
    // Read-only: operators look (states, delays, failures, payloads); a retry or removal goes
    // through the service, which knows what a check-in may do twice.
    this.board.addQueue(new BullMQAdapter(this.scheduler.queue, { readOnlyMode: true }));
  }
}

/**
 * bull-board for the check-in jobs at /internal/queues, behind HTTP Basic auth with the operators'
 * QUEUE_BOARD_PASSWORD (a browser sends it with every request the board's UI makes, which a bearer
 * token cannot do). Without that password the module is not mounted and the route answers 404.
 */
@Module({})
export class QueueBoardModule {
  static register(config: OnboardingConfig): DynamicModule {
    const password = config.QUEUE_BOARD_PASSWORD;
    if (!password) return { module: QueueBoardModule };
    return {
      module: QueueBoardModule,
      imports: [
        OnboardingModule,
        BullBoardModule.forRoot({
          route: QUEUE_BOARD_ROUTE,
          adapter: ExpressAdapter,
          middleware: queueBoardAuth(password),
          boardOptions: { uiConfig: { boardTitle: 'Core Vault queues' } },
        }),
      ],
      providers: [CheckInQueueOnBoard],
    };
  }
}
