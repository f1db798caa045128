/** The demo simulations' intervals and sizes (spec §9), inlined into each demo page. */
export const DEMO_TIMINGS = {
  aiAnalyzer: { refreshMs: 5_000, clockMs: 1_000 },
  compliance: { refreshMs: 10_000 },
  govCsp: { refreshMs: 5_000 },
  cioCdao: { refreshMs: 8_000 },
  businessIntelligence: { timestampMs: 30_000, countUpMs: 2_000 },
  govOperations: { countersMs: 30_000 },
  palette: { toastMs: 3_000, colorsPerPalette: 5, palettesPerGeneration: 4 },
} as const;

export const TASK_LIMITS = {
  maxLength: 100,
  priorities: ['low', 'medium', 'high'],
  defaultPriority: 'medium',
  filters: ['all', 'pending', 'completed', 'high'],
  storageKey: 'tasks',
} as const;

export const PENDULUM_SLIDERS = {
  gravity: { min: 1, max: 20, step: 0.1, value: 9.8 },
  length: { min: 0.5, max: 3, step: 0.1, value: 1.5 },
  angle: { min: 10, max: 90, step: 5, value: 45 },
  damping: { min: 0, max: 0.02, step: 0.001, value: 0.005 },
} as const;

export const TOKEN_DEFAULTS = { inputTokens: 1000, outputTokens: 500 } as const;

export const PALETTE_NAMES = [
  'Ocean Breeze',
  'Sunset Glow',
  'Forest Walk',
  'Urban Night',
  'Desert Sand',
  'Berry Burst',
  'Arctic Light',
  'Autumn Ember',
] as const;
export const PALETTE_MOODS = ['Calm', 'Energetic', 'Playful', 'Elegant', 'Bold', 'Warm', 'Serene'] as const;
