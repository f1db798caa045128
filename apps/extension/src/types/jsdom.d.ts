// jsdom ships no types and @types/jsdom is not installed: the part the specs use.
declare module 'jsdom' {
  export interface ConstructorOptions {
    url?: string;
    contentType?: string;
    runScripts?: 'dangerously' | 'outside-only';
    pretendToBeVisual?: boolean;
  }
  export class JSDOM {
    constructor(html?: string, options?: ConstructorOptions);
    readonly window: Window & typeof globalThis;
    serialize(): string;
  }
}
