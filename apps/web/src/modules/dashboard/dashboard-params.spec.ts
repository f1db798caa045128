import {
  DEFAULT_PARAMS,
  RESET_FILTERS,
  activeFilterCount,
  rangeInverted,
  readParams,
  writeParams,
} from './dashboard-params';

const read = (s: string) => readParams(new URLSearchParams(s));

describe('dashboard address', () => {
  it('reads back what it wrote: sort, search, collection and every filter', () => {
    const params = {
      sort: 'title' as const,
      q: 'release notes',
      collection: 'col_1',
      filters: {
        type: 'SVG' as const,
        tag: 'design',
        visibility: 'public' as const,
        from: '2026-01-01',
        to: '2026-01-31',
      },
    };
    const written = writeParams(params).toString();
    expect(written).toBe(
      'sort=title&q=release+notes&collection=col_1&type=SVG&tag=design&visibility=public&from=2026-01-01&to=2026-01-31',
    );
    expect(read(written)).toEqual(params);
  });

  it('leaves the defaults out of the address', () => {
    expect(writeParams(DEFAULT_PARAMS).toString()).toBe('');
    expect(read('')).toEqual(DEFAULT_PARAMS);
  });

  it('drops what the server would refuse, so an edited link still opens the dashboard', () => {
    expect(
      read(
        `sort=random&type=EXE&visibility=friends&from=2026-02-30&to=yesterday&collection=${'x'.repeat(65)}&tag=${'t'.repeat(51)}&q=%20%20`,
      ),
    ).toEqual(DEFAULT_PARAMS);
  });

  it('trims the search text and caps it at the search limit', () => {
    expect(read(`q=${encodeURIComponent('  hello ')}`).q).toBe('hello');
    expect(read(`q=${'a'.repeat(300)}`).q).toHaveLength(200);
  });

  it('knows a start date after the end date', () => {
    expect(rangeInverted({ from: '2026-02-01', to: '2026-01-31' })).toBe(true);
    expect(rangeInverted({ from: '2026-01-31', to: '2026-01-31' })).toBe(false);
    expect(rangeInverted({ from: '2026-02-01' })).toBe(false);
  });

  it("counts the Filters popover's active choices and resets them, the search text kept", () => {
    expect(activeFilterCount(DEFAULT_PARAMS)).toBe(0);
    const narrowed = read('q=x&sort=title&collection=col_1&type=SVG&tag=a&visibility=public&from=2026-01-01');
    expect(activeFilterCount(narrowed)).toBe(6);
    const reset = { ...narrowed, ...RESET_FILTERS };
    expect(activeFilterCount(reset)).toBe(0);
    expect(writeParams(reset).toString()).toBe('q=x');
  });
});
