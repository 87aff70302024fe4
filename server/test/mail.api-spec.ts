import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { loadConfig } from '../src/config/app-config.js';
import { MailService } from '../src/modules/mail/mail.service.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';

describe('MailService', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('delivers over SMTP when SMTP_URL is set', async () => {
    const mail = new MailService(loadConfig({ SMTP_URL: sink.url, MAIL_FROM: 'Portal <portal@example.edu>' }));
    const receipt = await mail.send({ to: 'ana@example.com', subject: 'Your link', text: 'Go to http://x/validation?token=abc' });
    const received = await sink.waitFor((m) => m.subject === 'Your link');
    expect(received.to).toEqual(['ana@example.com']);
    expect(received.text).toContain('validation?token=abc');
    expect(received.raw.from?.text).toContain('portal@example.edu');
    expect(receipt.file).toBeUndefined();
    mail.onModuleDestroy();
  });

  it('writes an .eml file under DATA_DIR/mail when SMTP_URL is unset', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
    const mail = new MailService(loadConfig({ DATA_DIR: dataDir }));
    const receipt = await mail.send({ to: 'li@example.com', subject: '继续申请', text: 'línea con acentos', links: ['http://x'] });
    expect(receipt.file).toBeDefined();
    expect(await readdir(join(dataDir, 'mail'))).toHaveLength(1);
    const parsed = await simpleParser(await readFile(receipt.file!));
    expect(parsed.subject).toBe('继续申请');
    expect(parsed.text?.trim()).toBe('línea con acentos');
  });
});
