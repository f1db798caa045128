import { z } from 'zod';
import { AppException } from './app-exception';
import { ZodValidationPipe } from './zod-validation.pipe';

const pipe = new ZodValidationPipe(
  z.strictObject({
    title: z.string().max(5),
    count: z.number().int().min(1),
    kind: z.enum(['A', 'B']),
    tags: z.array(z.string()).max(2).optional(),
  }),
);

function messageFor(value: unknown): string {
  try {
    pipe.transform(value);
  } catch (err) {
    expect(err).toBeInstanceOf(AppException);
    expect((err as AppException).getStatus()).toBe(400);
    return (err as AppException).message;
  }
  throw new Error('expected a validation error');
}

describe('ZodValidationPipe', () => {
  const ok = { title: 'hi', count: 1, kind: 'A' };

  it('passes valid input through', () => {
    expect(pipe.transform(ok)).toEqual(ok);
  });

  it.each([
    [{ ...ok, extra: 1 }, 'Unknown field "extra".'],
    [{ ...ok, title: undefined }, '"title" is required.'],
    [{ ...ok, count: 'three' }, '"count" must be a number.'],
    [{ ...ok, title: 'too long' }, '"title" is too long (at most 5 characters).'],
    [{ ...ok, count: 0 }, '"count" must be at least 1.'],
    [{ ...ok, kind: 'C' }, '"kind" must be one of "A", "B".'],
    [{ ...ok, tags: ['a', 'b', 'c'] }, '"tags" has too many items (at most 2).'],
    ['a string', 'The request must be an object.'],
  ])('explains %j', (value, message) => {
    expect(messageFor(value)).toBe(message);
  });
});
