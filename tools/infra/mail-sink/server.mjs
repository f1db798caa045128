// Local SMTP sink: accepts every message on the SMTP port (no TLS, any or no
// auth), keeps the newest ones in memory and serves them over a JSON API for
// tests plus a bare HTML inbox for people. Ports come from config/local.json.
//
//   GET    /api/messages[?to=addr]   newest first
//   GET    /api/messages/:id
//   DELETE /api/messages             clear all
//   DELETE /api/messages/:id
//   GET    /healthz
//   GET    /  and  /messages/:id     HTML inbox
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { readInfraConfig } from '../lib/config.mjs';

const MAX_MESSAGES = 2000; // memory bound: oldest are dropped first
const { smtp: smtpCfg, mailApi: apiCfg } = readInfraConfig();
let messages = []; // newest first

const addresses = (field) =>
  field ? [].concat(field).flatMap((f) => f.value.map((v) => v.address).filter(Boolean)) : [];
const uniqueCi = (list) => [...new Map(list.map((a) => [a.toLowerCase(), a])).values()];

async function store(stream, session) {
  const parsed = await simpleParser(stream);
  const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
  const message = {
    id: randomUUID(),
    from: addresses(parsed.from)[0] ?? session.envelope.mailFrom?.address ?? null,
    // Envelope recipients (covers Bcc) plus header To/Cc, case-insensitively unique.
    to: uniqueCi([...envelopeTo, ...addresses(parsed.to), ...addresses(parsed.cc)]),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html || null,
    date: (parsed.date ?? new Date()).toISOString(),
    receivedAt: new Date().toISOString(),
    messageId: parsed.messageId ?? null,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      size: a.size,
    })),
    envelope: { from: session.envelope.mailFrom?.address ?? null, to: envelopeTo },
  };
  messages.unshift(message);
  if (messages.length > MAX_MESSAGES) messages.length = MAX_MESSAGES;
  console.log(
    `${message.receivedAt} mail ${message.id} from=${message.from} to=${message.to.join(',')} subject=${JSON.stringify(message.subject)}`,
  );
}

const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  allowInsecureAuth: true, // apps configured with credentials still get in
  onAuth: (auth, _session, cb) => cb(null, { user: auth.username || 'anonymous' }),
  size: 25 * 1024 * 1024,
  banner: 'core-vault mail sink',
  logger: false,
  onData(stream, session, cb) {
    store(stream, session).then(() => cb(), cb);
  },
});
let smtpListening = false;
const fatal = (err) => {
  console.error(`mail sink: ${err.message}`);
  process.exit(1);
};
// Listen failures (port taken) are fatal; per-connection errors are just logged.
smtp.on('error', (err) => (err.syscall === 'listen' ? fatal(err) : console.error('smtp:', err.message)));

const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title, body) =>
  `<!doctype html><meta charset="utf-8"><title>${esc(title)}</title>` +
  `<style>body{font:14px system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}` +
  `td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}iframe{width:100%;height:70vh;border:1px solid #ccc}</style>${body}`;

function inbox() {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${esc(m.date)}</td><td>${esc(m.from)}</td><td>${esc(m.to.join(', '))}</td><td><a href="/messages/${m.id}">${esc(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  return page(
    'Mail sink',
    `<h1>Mail sink</h1><p>${messages.length} message(s) · SMTP ${esc(smtpCfg.host)}:${smtpCfg.port} · <a href="/api/messages">JSON</a></p><table><tr><th>Date</th><th>From</th><th>To</th><th>Subject</th></tr>${rows}</table>`,
  );
}

function detail(m) {
  const body = m.html ? `<iframe sandbox srcdoc="${esc(m.html)}"></iframe>` : `<pre>${esc(m.text)}</pre>`;
  return page(
    m.subject,
    `<p><a href="/">← inbox</a></p><h1>${esc(m.subject)}</h1><p>From ${esc(m.from)} to ${esc(m.to.join(', '))} · ${esc(m.date)}</p>${body}`,
  );
}

function send(res, status, body, type = 'application/json') {
  const payload = type === 'application/json' ? JSON.stringify(body) : body;
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(payload);
}

const api = createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const byId = /^\/(?:api\/)?messages\/([\w-]+)$/.exec(path);
  const found = byId && messages.find((m) => m.id === byId[1]);

  if (req.method === 'GET' && path === '/healthz')
    return send(res, smtpListening ? 200 : 503, { ok: smtpListening, messages: messages.length });
  if (req.method === 'GET' && path === '/api/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return send(res, 200, to ? messages.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : messages);
  }
  if (req.method === 'DELETE' && path === '/api/messages') {
    const deleted = messages.length;
    messages = [];
    return send(res, 200, { deleted });
  }
  if (byId && path.startsWith('/api/')) {
    if (!found) return send(res, 404, { error: 'not found' });
    if (req.method === 'GET') return send(res, 200, found);
    if (req.method === 'DELETE') {
      messages = messages.filter((m) => m !== found);
      return send(res, 200, { deleted: 1 });
    }
  }
  if (req.method === 'GET' && path === '/') return send(res, 200, inbox(), 'text/html');
  if (req.method === 'GET' && found) return send(res, 200, detail(found), 'text/html');
  send(res, 404, { error: 'not found' });
});

api.on('error', fatal);
smtp.listen(smtpCfg.port, smtpCfg.host, () => {
  smtpListening = true;
  console.log(`SMTP listening on ${smtpCfg.host}:${smtpCfg.port}`);
});
api.listen(apiCfg.port, apiCfg.host, () =>
  console.log(`HTTP API listening on http://${apiCfg.host}:${apiCfg.port}`),
);

for (const sig of ['SIGTERM', 'SIGINT']) {
  process.on(sig, () => {
    smtp.close(() => {});
    api.close(() => process.exit(0));
    api.closeAllConnections();
    setTimeout(() => process.exit(0), 1000).unref();
  });
}
