import type { SmtpSink } from '../../server/test/support/smtp-sink.js';

/**
 * The first recommendation request e-mailed to `email` (waits up to 15 s for it) and the
 * `/recommendation?token=…` link in it.
 * @throws Error when no such e-mail arrives or it holds no link
 */
export async function recommendationRequestTo(sink: SmtpSink, email: string): Promise<{ subject: string; link: string }> {
  const mail = await sink.waitFor((m) => m.to.includes(email) && m.text.includes('/recommendation?token='), 15_000);
  const link = /http:\/\/127\.0\.0\.1:\d+\/recommendation\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no recommendation link in the e-mail to ${email}:\n${mail.text}`);
  return { subject: mail.subject, link };
}
