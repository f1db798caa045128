import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  API_CONTENT_SECURITY_POLICY,
  STRICT_TRANSPORT_SECURITY,
  securityHeaders,
  strictTransportApplies,
  withSecurityHeaders,
} from './security-headers';

describe('security headers', () => {
  it('tell browsers to use https only when the public origin is https and not local', () => {
    expect(strictTransportApplies('https://app.corevault.example')).toBe(true);
    for (const origin of [
      'http://127.0.0.1:4200',
      'http://app.corevault.example',
      'https://localhost:4200',
      'https://127.0.0.1',
      'https://vault.localhost',
    ])
      expect(strictTransportApplies(origin)).toBe(false);
    expect(securityHeaders('https://app.corevault.example')['strict-transport-security']).toBe(
      STRICT_TRANSPORT_SECURITY,
    );
    expect(securityHeaders('http://127.0.0.1:4200')).not.toHaveProperty('strict-transport-security');
  });

  it('are on every answer, a later header of the same name replacing its default', async () => {
    const handler = withSecurityHeaders(securityHeaders('https://app.corevault.example'), (req, res) => {
      if (req.url === '/page') res.setHeader('content-security-policy', "script-src 'self'");
      // writeHead merges with what was set before (the edge cache answers this way).
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
    const server = createServer((req: IncomingMessage, res: ServerResponse) => handler(req, res, () => {}));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const api = await fetch(`${base}/api`);
      expect(api.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
      expect(api.headers.get('x-frame-options')).toBe('DENY');
      expect(api.headers.get('x-content-type-options')).toBe('nosniff');
      expect(api.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
      const page = await fetch(`${base}/page`);
      expect(page.headers.get('content-security-policy')).toBe("script-src 'self'");
      expect(page.headers.get('x-frame-options')).toBe('DENY');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
