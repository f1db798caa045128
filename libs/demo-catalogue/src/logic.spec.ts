import { runInNewContext } from 'node:vm';
import { inlineLogic } from './inline';
import * as L from './logic';

describe('AI model analyzer rules', () => {
  it.each([
    [70, 75],
    [75, 75],
    [88.3, 88.3],
    [95, 95],
    [99, 95],
  ])('accuracy %p is clamped to %p', (input, expected) => expect(L.clampAccuracy(input)).toBe(expected));

  it('never lets latency fall under 50 ms', () => {
    expect(L.floorLatency(12)).toBe(50);
    expect(L.floorLatency(50)).toBe(50);
    expect(L.floorLatency(430)).toBe(430);
  });
});

describe('compliance rules', () => {
  it('clamps compliance 85–99, items 0–50 (whole), training 70–100', () => {
    expect([L.clampCompliance(80), L.clampCompliance(100), L.clampCompliance(91)]).toEqual([85, 99, 91]);
    expect([L.clampAuditItems(-3), L.clampAuditItems(51), L.clampAuditItems(12.6)]).toEqual([0, 50, 13]);
    expect([L.clampTraining(60), L.clampTraining(101), L.clampTraining(88)]).toEqual([70, 100, 88]);
  });

  it.each<[number, number, string]>([
    [96, 19, 'Low'],
    [96, 20, 'Medium'],
    [95, 10, 'Medium'],
    [91, 29, 'Medium'],
    [91, 30, 'High'],
    [90, 5, 'High'],
    [99, 45, 'High'],
  ])('compliance %p with %p open items is %s risk', (c, items, risk) => {
    expect(L.complianceRisk(c, items)).toBe(risk);
  });
});

describe('task manager rules', () => {
  const tasks: L.DemoTask[] = [
    { id: '1', text: 'a', priority: 'high', completed: false },
    { id: '2', text: 'b', priority: 'low', completed: true },
    { id: '3', text: 'c', priority: 'medium', completed: false },
  ];

  it('ignores empty and whitespace text and keeps at most 100 characters', () => {
    expect(L.normalizeTaskText('   ')).toBeNull();
    expect(L.normalizeTaskText('')).toBeNull();
    expect(L.normalizeTaskText(7)).toBeNull();
    expect(L.normalizeTaskText('  buy milk ')).toBe('buy milk');
    expect(L.normalizeTaskText('x'.repeat(150))).toHaveLength(100);
  });

  it('defaults the priority to medium', () => {
    expect([L.normalizePriority('high'), L.normalizePriority('low'), L.normalizePriority('urgent')]).toEqual([
      'high',
      'low',
      'medium',
    ]);
  });

  it.each([
    ['all', ['1', '2', '3']],
    ['pending', ['1', '3']],
    ['completed', ['2']],
    ['high', ['1']],
  ])('filter %s', (filter, ids) => {
    expect(L.filterTasks(tasks, filter).map((t) => t.id)).toEqual(ids);
  });

  it('reads the stored list tolerantly', () => {
    expect(L.parseStoredTasks(null)).toEqual([]);
    expect(L.parseStoredTasks('{bad')).toEqual([]);
    expect(L.parseStoredTasks('{"a":1}')).toEqual([]);
    expect(
      L.parseStoredTasks(JSON.stringify([{ id: 1, text: ' x ', priority: 'zzz' }, { text: '  ' }, null])),
    ).toEqual([{ id: '1', text: 'x', priority: 'medium', completed: false }]);
  });
});

describe('palette rules', () => {
  it('converts HSL to hex', () => {
    expect(L.hslToHex(0, 100, 50)).toBe('#ff0000');
    expect(L.hslToHex(120, 100, 50)).toBe('#00ff00');
    expect(L.hslToHex(0, 0, 100)).toBe('#ffffff');
  });

  it('makes five colours per palette and picks from a list', () => {
    expect(L.paletteHsl(() => 0.5)).toHaveLength(5);
    expect(L.pick(['a', 'b', 'c'], () => 0.99)).toBe('c');
    expect(L.pick(['a', 'b', 'c'], () => 0)).toBe('a');
  });
});

describe('pendulum', () => {
  it('swings back towards the centre and loses energy with damping', () => {
    let s: L.PendulumState = { angle: Math.PI / 4, velocity: 0 };
    s = L.pendulumStep(s, 9.8, 1, 0, 0.01);
    expect(s.velocity).toBeLessThan(0);
    let damped: L.PendulumState = { angle: Math.PI / 4, velocity: 0 };
    for (let i = 0; i < 2000; i++) damped = L.pendulumStep(damped, 9.8, 1, 0.02, 0.01);
    expect(Math.abs(damped.angle)).toBeLessThan(0.01);
  });

  it('gives the small-angle period', () => {
    expect(L.pendulumPeriod(9.8, 1)).toBeCloseTo(2.007, 3);
  });
});

describe('token cost', () => {
  it('is total tokens / 1000 × price with 4 decimals', () => {
    expect(L.tokenCost(1000, 500, 0.002)).toBe('0.0030');
    expect(L.tokenCost(1234, 0, 0.03)).toBe('0.0370');
    expect(L.tokenCost(-5, Number.NaN, 1)).toBe('0.0000');
  });
});

describe('count-up', () => {
  it('climbs to the target over the duration', () => {
    expect(L.countUpValue(1000, 0, 2000)).toBe(0);
    expect(L.countUpValue(1000, 1000, 2000)).toBe(500);
    expect(L.countUpValue(1000, 2500, 2000)).toBe(1000);
  });
});

describe('inlineLogic', () => {
  it('writes functions that behave the same when run from the page source', () => {
    const script = inlineLogic(
      { clampAccuracy: L.clampAccuracy, complianceRisk: L.complianceRisk, tokenCost: L.tokenCost },
      { T: { refreshMs: 5000 }, S: '</script>' },
    );
    expect(script).not.toContain('</script>');
    const CV = runInNewContext(`${script}; CV`) as {
      clampAccuracy: typeof L.clampAccuracy;
      complianceRisk: typeof L.complianceRisk;
      tokenCost: typeof L.tokenCost;
      T: { refreshMs: number };
    };
    expect(CV.clampAccuracy(120)).toBe(95);
    expect(CV.complianceRisk(96, 3)).toBe('Low');
    expect(CV.tokenCost(1000, 500, 0.002)).toBe('0.0030');
    expect(CV.T.refreshMs).toBe(5000);
  });

  it('refuses anything but an arrow function', () => {
    expect(() => inlineLogic({ f: function named() {} })).toThrow('must be an arrow function');
  });
});
