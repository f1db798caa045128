import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { REDIS } from '@core-vault/platform';

/** A saved registration lives 1 hour (spec accounts §9: 3,600,000 ms). */
export const PENDING_REGISTRATION_TTL_MS = 3_600_000;

/**
 * What the Checkout flow keeps between leaving for Stripe and coming back: who, which plan, until
 * when. Server-side (never the password in browser storage, as the original did).
 */
export interface PendingRegistration {
  tempUserId: string;
  userId: string;
  email: string;
  planId: string;
  createdAt: string;
  expiresAt: string;
}

export const pendingRegistrationKey = (tempUserId: string): string =>
  `billing:pending-registration:${tempUserId}`;

@Injectable()
export class PendingRegistrationStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async save(pending: PendingRegistration): Promise<void> {
    await this.redis.set(
      pendingRegistrationKey(pending.tempUserId),
      JSON.stringify(pending),
      'PX',
      PENDING_REGISTRATION_TTL_MS,
    );
  }

  async find(tempUserId: string): Promise<PendingRegistration | null> {
    const raw = await this.redis.get(pendingRegistrationKey(tempUserId));
    return raw ? (JSON.parse(raw) as PendingRegistration) : null;
  }

  async remove(tempUserId: string): Promise<void> {
    await this.redis.del(pendingRegistrationKey(tempUserId));
  }
}
