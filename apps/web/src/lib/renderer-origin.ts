declare const __RENDERER_ORIGIN__: string;

/**
 * The renderer's origin, set once at build time from RENDERER_ORIGIN (config/local.json
 * `apps.usercontent.origin` locally). Artifact code runs only there, never on the app's origin.
 * App configuration, so here in lib/: the viewer frames it, the artifacts module builds links.
 */
export const RENDERER_ORIGIN: string = typeof __RENDERER_ORIGIN__ === 'string' ? __RENDERER_ORIGIN__ : '';
