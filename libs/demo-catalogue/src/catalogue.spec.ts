import { runInNewContext } from 'node:vm';
import { DEMO_ARTIFACTS, LANDING_DEMO_IDS, findDemo, findDemoByViewId } from './catalogue';
import { DEMO_TIMINGS } from './timings';

const SPEC: Record<string, string> = {
  'ai-model-analyzer': 'AI/ML Tools',
  'compliance-dashboard': 'Compliance & Audit',
  'sales-dashboard': 'Data Visualizations',
  'task-manager': 'Mini Applications',
  'color-palette-generator': 'Creative Projects',
  'physics-simulation': 'Educational Content',
  'gov-csp-dashboard': 'Government Operations',
  'cio-cdao-dashboard': 'Executive Analytics',
  'business-intelligence': 'Business Analytics',
  'gov-operations': 'Government Applications',
};

/** The inline script of a demo page, evaluated far enough to read its `CV` data. */
function pageData(html: string): Record<string, unknown> {
  const script = /<script>\n(var CV = \{[\s\S]*?\n\};)/.exec(html)?.[1];
  if (!script) throw new Error('no CV block');
  return runInNewContext(`${script}; CV`) as Record<string, unknown>;
}

describe('demo catalogue', () => {
  it('holds the ten demos of the spec with their categories, all HTML', () => {
    expect(Object.fromEntries(DEMO_ARTIFACTS.map((d) => [d.id, d.category]))).toEqual(SPEC);
    for (const d of DEMO_ARTIFACTS) expect(d.type).toBe('HTML');
    for (const id of LANDING_DEMO_IDS) expect(findDemo(id)).toBeDefined();
  });

  it('finds demos by view id and nothing else', () => {
    expect(findDemoByViewId('demo-task-manager')?.id).toBe('task-manager');
    expect(findDemoByViewId('task-manager')).toBeUndefined();
    expect(findDemoByViewId('demo-nope')).toBeUndefined();
  });

  it.each(DEMO_ARTIFACTS.map((d) => [d.id, d] as const))(
    '%s is a full page with its title and no CDN',
    (_, d) => {
      expect(d.content).toMatch(/^<!doctype html>/);
      expect(d.content).toContain(`<h1>${d.title.replace('&', '&amp;')}</h1>`);
      // Everything the demos load is served by the renderer itself.
      expect(d.content).not.toMatch(/(src|href)=["']?(https?:)?\/\//i);
    },
  );

  it('carries the spec timings into the pages', () => {
    const byId = (id: string) => pageData(findDemo(id)!.content)['T'];
    expect(byId('ai-model-analyzer')).toEqual(DEMO_TIMINGS.aiAnalyzer);
    expect(byId('compliance-dashboard')).toEqual(DEMO_TIMINGS.compliance);
    expect(byId('gov-csp-dashboard')).toMatchObject({ refreshMs: 5000 });
    expect(byId('cio-cdao-dashboard')).toMatchObject({ refreshMs: 8000 });
    expect(byId('business-intelligence')).toEqual({ refreshMs: 30000, timestampMs: 30000, countUpMs: 2000 });
    expect(byId('gov-operations')).toMatchObject({ refreshMs: 30000 });
    expect(byId('color-palette-generator')).toMatchObject({
      toastMs: 3000,
      colorsPerPalette: 5,
      palettesPerGeneration: 4,
    });
    const palette = pageData(findDemo('color-palette-generator')!.content);
    expect((palette['NAMES'] as string[]).length).toBe(8);
    expect((palette['MOODS'] as string[]).length).toBe(7);
  });

  it('gives the task manager and pendulum the spec limits', () => {
    const tasks = findDemo('task-manager')!.content;
    expect(tasks).toContain('maxlength="100"');
    expect(tasks).toContain('<option value="medium" selected>');
    const pendulum = findDemo('physics-simulation')!.content;
    expect(pendulum).toContain('id="gravity" min="1" max="20" step="0.1"');
    expect(pendulum).toContain('id="length" min="0.5" max="3" step="0.1"');
    expect(pendulum).toContain('id="angle" min="10" max="90" step="5"');
    expect(pendulum).toContain('id="damping" min="0" max="0.02" step="0.001"');
    const ai = findDemo('ai-model-analyzer')!.content;
    expect(ai).toContain('id="inTokens" type="number" min="0" value="1000"');
    expect(ai).toContain('id="outTokens" type="number" min="0" value="500"');
  });
});
