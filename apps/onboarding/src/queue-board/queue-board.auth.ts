import { createHash, timingSafeEqual } from 'node:crypto';
import { type NextFunction, type Request, type Response } from 'express';

export const QUEUE_BOARD_USER = 'operator';
const REALM = 'Basic realm="Core Vault queues", charset="UTF-8"';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Whether an Authorization header carries the operator's credentials (constant-time compare). */
export function isOperator(header: string | undefined, password: string): boolean {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header?.trim() ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const userOk = timingSafeEqual(digest(decoded.slice(0, colon)), digest(QUEUE_BOARD_USER));
  const passwordOk = timingSafeEqual(digest(decoded.slice(colon + 1)), digest(password));
  return userOk && passwordOk;
}

/** Express middleware in front of the board: 401 with a Basic challenge unless the operator. */
export function queueBoardAuth(password: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (isOperator(req.headers.authorization, password)) return next();
    res
      .status(401)
      .set('WWW-Authenticate', REALM)
      .set('Cache-Control', 'no-store')
      .json({ statusCode: 401, error: 'Unauthorized', message: 'Operator credentials required.' });
  };
}
