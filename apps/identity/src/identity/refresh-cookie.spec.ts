import { type Request, type Response } from 'express';
import { HttpException } from '@nestjs/common';
import { type IdentityConfig } from '../config';
import { type AuthService } from './auth.service';
import { IdentityController } from './identity.controller';
import { IdentityException } from './identity.exception';
import {
  SessionCookies,
  parseRefreshCookie,
  refreshCookieName,
  refreshCookieOptions,
  sessionHintCookieOptions,
} from './refresh-cookie';
import { type SessionService } from './session.service';

/** The cookie calls a response received, in order. */
function recordingResponse() {
  const calls: { op: 'set' | 'clear'; name: string; value?: string; options: Record<string, unknown> }[] = [];
  const res = {
    cookie: (name: string, value: string, options: Record<string, unknown>) =>
      void calls.push({ op: 'set', name, value, options }),
    clearCookie: (name: string, options: Record<string, unknown>) =>
      void calls.push({ op: 'clear', name, options }),
  } as unknown as Response;
  return { res, calls };
}

describe('refresh cookie', () => {
  it('is __Host- prefixed in production only', () => {
    expect(refreshCookieName('production')).toBe('__Host-cv_rt');
    expect(refreshCookieName('development')).toBe('cv_rt');
    expect(refreshCookieName('test')).toBe('cv_rt');
  });

  it('is httpOnly, Secure, SameSite=Strict, Path=/ and has no Domain', () => {
    expect(refreshCookieOptions(1000)).toEqual({
      httpOnly: true,
      secure: true,
      sameSite: 'strict',
      path: '/',
      maxAge: 1000,
    });
    expect(refreshCookieOptions()).not.toHaveProperty('domain');
  });

  it('parses only well-formed values', () => {
    const token = 'A'.repeat(43);
    expect(parseRefreshCookie(`ses_abc.${token}`)).toEqual({ sessionId: 'ses_abc', token });
    for (const bad of [
      '',
      'garbage',
      `usr_abc.${token}`,
      'ses_abc.short',
      `ses_abc.${token}x`,
      `ses_a$.${token}`,
    ]) {
      expect(parseRefreshCookie(bad)).toBeUndefined();
    }
  });
});

describe('session cookies', () => {
  const now = Date.UTC(2025, 0, 1);
  const expiresAt = new Date(now + 30 * 86_400_000);

  it('sets the refresh cookie first, then the readable hint "1" with the same lifetime and flags', () => {
    const { res, calls } = recordingResponse();
    new SessionCookies('production').set(res, 'ses_a.secret', expiresAt, now);
    expect(calls).toEqual([
      {
        op: 'set',
        name: '__Host-cv_rt',
        value: 'ses_a.secret',
        options: refreshCookieOptions(30 * 86_400_000),
      },
      {
        op: 'set',
        name: '__Host-cv_has_session',
        value: '1',
        options: { ...refreshCookieOptions(30 * 86_400_000), httpOnly: false },
      },
    ]);
    expect(sessionHintCookieOptions(5)).toMatchObject({
      httpOnly: false,
      secure: true,
      path: '/',
      maxAge: 5,
    });
  });

  it('clears both together, the refresh cookie first', () => {
    const { res, calls } = recordingResponse();
    new SessionCookies('development').clear(res);
    expect(calls.map((c) => [c.op, c.name])).toEqual([
      ['clear', 'cv_rt'],
      ['clear', 'cv_has_session'],
    ]);
  });

  it('reads the refresh cookie by its exact name', () => {
    const req = { headers: { cookie: 'cv_has_session=1; cv_rt=ses_a.x' } } as Request;
    expect(new SessionCookies('development').read(req)).toBe('ses_a.x');
    expect(new SessionCookies('production').read(req)).toBeUndefined();
  });
});

describe('POST /auth/refresh and the cookies', () => {
  const config = { NODE_ENV: 'development' } as IdentityConfig;
  const controller = (refresh: AuthService['refresh']) =>
    new IdentityController({ refresh } as AuthService, {} as SessionService, config);
  const req = { headers: { cookie: 'cv_rt=ses_a.x; cv_has_session=1' } } as Request;

  it('a definite 401 (no such session) clears both cookies', async () => {
    const { res, calls } = recordingResponse();
    await expect(
      controller(() => Promise.reject(IdentityException.sessionExpired())).refresh(req, res),
    ).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => [c.op, c.name])).toEqual([
      ['clear', 'cv_rt'],
      ['clear', 'cv_has_session'],
    ]);
  });

  it('a fault on the way (503, or anything unexpected) leaves the browser its session', async () => {
    for (const fault of [new HttpException('away', 503), new Error('connection reset')]) {
      const { res, calls } = recordingResponse();
      await expect(controller(() => Promise.reject(fault)).refresh(req, res)).rejects.toBe(fault);
      expect(calls).toEqual([]);
    }
  });
});
