import { describe, expect, it } from '@jest/globals';
import { classifySmtpError } from './smtp-outcome.js';

describe('classifySmtpError', () => {
  it('a 5xx answer to RCPT TO is a hard bounce, not retried', () => {
    expect(
      classifySmtpError(
        Object.assign(new Error('Can not send mail to recipient'), {
          code: 'EENVELOPE',
          command: 'RCPT TO',
          responseCode: 550,
          response: '550 5.1.1 No such user',
        }),
      ),
    ).toEqual({ status: 'bounced', smtpCode: 550, error: '550 5.1.1 No such user', retryable: false });
  });

  it('a 5xx after DATA naming a bad mailbox is a hard bounce too', () => {
    expect(classifySmtpError({ code: 'EMESSAGE', command: 'DATA', responseCode: 550, response: '550 5.1.1 user unknown' }).status).toBe(
      'bounced',
    );
  });

  it('another 5xx (authentication, content) fails without suppressing the address, and is not retried', () => {
    expect(classifySmtpError({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535, response: '535 5.7.8 bad credentials' })).toEqual({
      status: 'failed',
      smtpCode: 535,
      error: '535 5.7.8 bad credentials',
      retryable: false,
    });
    expect(classifySmtpError({ code: 'EMESSAGE', command: 'DATA', responseCode: 554, response: '554 5.6.0 content refused' }).status).toBe(
      'failed',
    );
  });

  it('a 4xx or no answer fails and may be retried', () => {
    expect(classifySmtpError({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 451, response: '451 4.7.1 greylisted' })).toEqual({
      status: 'failed',
      smtpCode: 451,
      error: '451 4.7.1 greylisted',
      retryable: true,
    });
    expect(classifySmtpError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ESOCKET' }))).toEqual({
      status: 'failed',
      smtpCode: null,
      error: 'connect ECONNREFUSED 127.0.0.1:1',
      retryable: true,
    });
  });

  it('keeps at most 500 characters of the answer', () => {
    expect(classifySmtpError({ responseCode: 421, response: 'x'.repeat(2000) }).error).toHaveLength(500);
  });
});
