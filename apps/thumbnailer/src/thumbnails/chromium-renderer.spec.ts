import { requestAllowed } from './chromium-renderer';

const origins = { host: 'http://thumbnailer.internal:3006', renderer: 'https://usercontent.example.net' };

describe('what a render may request', () => {
  it("always reaches the framing page, the renderer and the artifacts' own origins", () => {
    for (const allowNetwork of [false, true]) {
      expect(requestAllowed('http://thumbnailer.internal:3006/render-host', allowNetwork, origins)).toBe(
        true,
      );
      expect(requestAllowed('https://usercontent.example.net/frame/a1?parent=x', allowNetwork, origins)).toBe(
        true,
      );
      expect(
        requestAllowed(
          'https://abcdefghijklmnopqrstuvwxyz.usercontent.example.net/mirror/x.js',
          allowNetwork,
          origins,
        ),
      ).toBe(true);
      expect(requestAllowed('data:image/png;base64,AAAA', allowNetwork, origins)).toBe(true);
    }
  });

  it('reaches anything else only when the owner allowed network', () => {
    expect(requestAllowed('https://images.example.com/a.png', false, origins)).toBe(false);
    expect(requestAllowed('https://images.example.com/a.png', true, origins)).toBe(true);
  });

  it('does not take a look-alike host or scheme for the renderer', () => {
    expect(requestAllowed('https://usercontent.example.net.evil.test/x', false, origins)).toBe(false);
    expect(
      requestAllowed('http://abcdefghijklmnopqrstuvwxyz.usercontent.example.net/x', false, origins),
    ).toBe(false);
    expect(requestAllowed('not a url', true, origins)).toBe(false);
  });
});
