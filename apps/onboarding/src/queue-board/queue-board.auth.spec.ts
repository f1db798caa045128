import { QUEUE_BOARD_USER, isOperator } from './queue-board.auth';

const PASSWORD = 'correct horse battery staple';
const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe('queue board operator check', () => {
  it('accepts the operator with the password', () => {
    expect(isOperator(basic(`${QUEUE_BOARD_USER}:${PASSWORD}`), PASSWORD)).toBe(true);
  });

  it('keeps colons that belong to the password', () => {
    expect(isOperator(basic(`${QUEUE_BOARD_USER}:a:b:c`), 'a:b:c')).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['another scheme', `Bearer ${PASSWORD}`],
    ['not base64', 'Basic ***'],
    ['no colon', basic(`${QUEUE_BOARD_USER}${PASSWORD}`)],
    ['another user', basic(`admin:${PASSWORD}`)],
    ['a wrong password', basic(`${QUEUE_BOARD_USER}:${PASSWORD}!`)],
    ['an empty password', basic(`${QUEUE_BOARD_USER}:`)],
  ])('refuses %s', (_, header) => {
    expect(isOperator(header, PASSWORD)).toBe(false);
  });
});
