import { updateArtifactBodySchema } from './artifact-dto';
import {
  EMBED_DEFAULT_HEIGHT_PX,
  FRAME_HEIGHT_MESSAGES as M,
  embedFrameSize,
  frameHeightSchema,
  readFrameHeight,
} from './frame-height';
import { EMBED_AUTOSIZE_ATTRIBUTE, EMBED_SCRIPT_PATH, shareLinks } from './share';

const origins = { app: 'https://vault.example', renderer: 'https://render.example' };

describe('frameHeight', () => {
  it.each([null, 'viewport', 100, 720, 20_000])('takes %j', (value) => {
    expect(frameHeightSchema.parse(value)).toBe(value);
    expect(updateArtifactBodySchema.parse({ frameHeight: value }).frameHeight).toBe(value);
  });

  it.each([99, 20_001, 0, -5, 600.5, '600', 'auto', true, {}, Number.NaN, Infinity])(
    'refuses %j with one clear message',
    (value) => {
      const result = updateArtifactBodySchema.safeParse({ frameHeight: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([M.invalid]);
    },
  );

  it('reads anything stored that is not a setting as automatic', () => {
    expect(readFrameHeight(undefined)).toBeNull();
    expect(readFrameHeight(50)).toBeNull();
    expect(readFrameHeight('tall')).toBeNull();
    expect(readFrameHeight(900)).toBe(900);
    expect(readFrameHeight('viewport')).toBe('viewport');
  });

  it('sizes embeds: pinned px fixed, automatic 600 px with the script, fill the window 600 px', () => {
    expect(embedFrameSize(900)).toEqual({ height: 900, autosize: false });
    expect(embedFrameSize(null)).toEqual({ height: EMBED_DEFAULT_HEIGHT_PX, autosize: true });
    expect(embedFrameSize('viewport')).toEqual({ height: EMBED_DEFAULT_HEIGHT_PX, autosize: false });
  });

  it('puts the pinned height in the embed code, without the resize script', () => {
    const code = shareLinks(origins, 'a1', 'T', undefined, 1_200).embedCode;
    expect(code).toContain('height="1200px"');
    expect(code).not.toContain(EMBED_AUTOSIZE_ATTRIBUTE);
    expect(code).not.toContain('<script');
    expect(shareLinks(origins, 'a1', 'T', undefined, 'viewport').embedCode).not.toContain('<script');
  });

  it('marks an automatic embed for the resize script served by the renderer', () => {
    const code = shareLinks(origins, 'a1').embedCode;
    expect(code).toContain(`height="600px" ${EMBED_AUTOSIZE_ATTRIBUTE} `);
    expect(code).toMatch(
      new RegExp(`</iframe><script async src="https://render\\.example${EMBED_SCRIPT_PATH}"></script>$`),
    );
  });
});
