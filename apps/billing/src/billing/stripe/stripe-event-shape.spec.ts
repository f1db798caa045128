import { checkEventShape } from './stripe-event-shape';

const head = { id: 'evt_1', object: 'event', type: 'invoice.paid', created: 1_700_000_000 };
const invoice = { id: 'in_1', customer: 'cus_1', currency: 'usd', amount_paid: 999, lines: { data: [] } };
const subscription = { id: 'sub_1', customer: { id: 'cus_1' }, status: 'trialing', items: { data: [] } };

describe('checkEventShape', () => {
  it('passes the events billing handles, and other types without a look inside', () => {
    expect(checkEventShape({ ...head, data: { object: invoice } })).toEqual({ ok: true });
    expect(
      checkEventShape({ ...head, type: 'customer.subscription.updated', data: { object: subscription } }),
    ).toEqual({ ok: true });
    expect(checkEventShape({ ...head, type: 'customer.created', data: { object: { anything: 1 } } })).toEqual(
      {
        ok: true,
      },
    );
  });

  it.each([
    ['no data', { ...head }, 'data: '],
    ['a null object', { ...head, data: { object: null } }, 'data.object: '],
    ['an array as object', { ...head, data: { object: [] } }, 'data.object: '],
    [
      'an invoice without customer',
      { ...head, data: { object: { id: 'in_1', currency: 'usd' } } },
      'data.object.customer',
    ],
    ['a string creation time', { ...head, created: 'yesterday', data: { object: invoice } }, 'created: '],
  ])('names the problem of %s', (_, event, problem) => {
    const shape = checkEventShape(event);
    expect(shape.ok).toBe(false);
    expect(shape.ok ? '' : shape.problem).toContain(problem);
  });

  it('remembers what it can: an event with a sound id, type and time is recorded, `[]` is not', () => {
    expect(checkEventShape({ ...head, data: { object: null } })).toMatchObject({
      record: { id: 'evt_1', type: 'invoice.paid', created: 1_700_000_000 },
    });
    expect(checkEventShape([])).toEqual({
      ok: false,
      problem: expect.stringContaining('the event') as string,
    });
    expect(checkEventShape(null)).not.toHaveProperty('record');
    expect(checkEventShape({ ...head, id: { $ne: null } })).not.toHaveProperty('record');
  });
});
