import { artifactCsp } from './security-headers';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('artifactCsp connect-src', () => {
  it("is the renderer's own origin only by default", () => {
    expect(directive(artifactCsp('*'), 'connect-src')).toBe("connect-src 'self'");
  });

  it('adds exactly the view beacon URL for embeds, with or without network', () => {
    const beacon = 'https://app.example/api/v1/analytics/beacon';
    expect(directive(artifactCsp('*', { beacon }), 'connect-src')).toBe(`connect-src 'self' ${beacon}`);
    expect(directive(artifactCsp('*', { beacon, network: true }), 'connect-src')).toBe(
      `connect-src 'self' ${beacon} https: wss:`,
    );
  });
});
