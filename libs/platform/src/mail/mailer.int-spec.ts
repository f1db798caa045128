import { testInfra, uniqueSuffix, waitFor } from '../testing';
import { htmlMail } from './mail-template';
import { Mailer } from './mailer';

const infra = testInfra();

describe('Mailer', () => {
  it('delivers text and HTML through SMTP to the local sink', async () => {
    const mailer = new Mailer({ smtpUrl: infra.smtpUrl, from: 'Core Vault <no-reply@corevault.local>' });
    const to = `mail-${uniqueSuffix()}@example.com`;
    await mailer.send({
      to,
      subject: 'Hello',
      text: 'plain body',
      html: htmlMail('Hello', ['<b>html</b> body']),
    });
    mailer.onApplicationShutdown();
    const [mail] = await waitFor(
      async () =>
        (await (await fetch(`${infra.mailApiUrl}/api/messages?to=${to}`)).json()) as {
          subject: string;
          text: string;
          html: string;
          from: string;
        }[],
      (list) => list.length === 1,
      { what: 'mail in the sink' },
    );
    expect(mail).toMatchObject({ subject: 'Hello', text: 'plain body' });
    expect(mail?.html).toContain('<b>html</b> body');
    expect(mail?.from).toContain('no-reply@corevault.local');
  });

  it('fails loudly when the relay is unreachable', async () => {
    const mailer = new Mailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@y.zz' });
    await expect(mailer.send({ to: 'a@b.co', subject: 's', text: 't', html: 'h' })).rejects.toThrow();
  });
});
