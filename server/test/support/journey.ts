import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { DECLINE_ZIP, fakeOpaqueData } from '../../src/modules/payments/gateway/fake.gateway.js';
import { makePdf, makePng } from './files.js';
import { MOSHE_START } from './test-app.js';

/** What a journey left behind. */
export interface Journey {
  id: string;
  referenceNumber: string;
}

/**
 * An applicant's whole journey against a running server at `base` (in-process or a child process), over
 * HTTP: start a men's MSW application; certify it (set in the database, as the payment tests do); pay with
 * a card the fake gateway declines (billing ZIP 46282), then with a good one; upload every required
 * document with the details token and complete. Throws on any unexpected answer.
 * @param after called after each step with its name (e.g. to kill the server mid-run)
 */
export async function applicantJourney(
  base: string,
  db: pg.Client,
  email: string,
  after: (step: 'started' | 'declined' | 'paid' | 'completed') => Promise<void> = async () => undefined,
): Promise<Journey> {
  const call = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(isForm || body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  };
  const expectStatus = (step: string, got: { status: number; body: unknown }, status: number) => {
    if (got.status !== status) throw new Error(`${step}: ${got.status} ${JSON.stringify(got.body)}`);
  };
  type Program = { name: string; courses: { semester: string; locations: string[] }[] };
  const programs = (await call('GET', '/api/programs?gender=male', undefined)).body as Program[];
  // the first term open now (the server's catalogue decides which: issue 25)
  const course = programs.find((p) => p.name === 'MSW')!.courses[0]!;
  const start = await call('POST', '/api/applications', {
    ...MOSHE_START,
    semester: course.semester,
    location: course.locations[0],
    email,
  });
  expectStatus('start', start, 201);
  const { id, token } = start.body as { id: string; token: string };
  await after('started');
  await db.query('UPDATE applications SET certified_at = now(), step_reached = 8 WHERE id = $1', [id]);
  const pay = (zip: string) =>
    call(
      'POST',
      '/api/payments',
      {
        applicationId: id,
        opaqueData: fakeOpaqueData('4111111111111111', '12/35', randomUUID()),
        creditCardFullName: 'Moshe Levi',
        creditCardBillingZip: zip,
        requestId: randomUUID(),
      },
      { 'X-Application-Token': token },
    );
  expectStatus('declined payment', await pay(DECLINE_ZIP), 402);
  await after('declined');
  const paid = await pay('11230');
  expectStatus('payment', paid, 201);
  const details = (paid.body as { data: { detailsToken: string; referenceNumber: string } }).data;
  await after('paid');
  const auth = { 'X-Application-Token': details.detailsToken };
  const missing = await call('POST', `/api/applications/${id}/complete`, undefined, auth);
  expectStatus('missing documents', missing, 422);
  for (const slot of (missing.body as { data: { missing: string[] } }).data.missing) {
    const form = new FormData();
    form.set('parentId', id);
    form.set('field', slot);
    const file = slot === 'picture' ? makePng() : await makePdf(slot);
    form.set('file', new Blob([new Uint8Array(file)]), `${slot}.${slot === 'picture' ? 'png' : 'pdf'}`);
    expectStatus(`upload ${slot}`, await call('POST', '/api/details/attachments', form, auth), 201);
  }
  expectStatus('complete', await call('POST', `/api/applications/${id}/complete`, undefined, auth), 200);
  await after('completed');
  return { id, referenceNumber: String(details.referenceNumber) };
}
