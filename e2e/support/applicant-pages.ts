/**
 * The applicant pages the phone measurements look at (issue 28): the welcome page, every step page (1–7), the
 * payment page and the documents page, opened by applications arranged through the API in one language. Shared by
 * `npm run bench:lighthouse` (Lighthouse's figures) and `npm run trace:applicant` (what the long tasks are).
 */
import { arrangeMbaAnswered, arrangeMbaAtPayment, arrangeMswAtReferences, payWithTestCard, type ApiCall, type Applicant } from './api.js';

/** The application steps measured by number (7 is review and certify; 8, payment, is measured as `payment`). */
export const STEPS = [1, 2, 3, 4, 5, 6, 7];

/** One page to measure: its name in the output, its URL below the portal and the pathname it must stay on. */
export interface BenchPage {
  name: string;
  path: string;
  landing: string;
}

/** The steps that apply to an application (`GET /api/applications/:id/requirements`). */
async function applicableSteps(api: ApiCall, id: string, token: string): Promise<number[]> {
  return (await api<{ steps: number[] }>('GET', `/applications/${id}/requirements`, undefined, { 'X-Application-Token': token })).steps;
}

/**
 * Arranges, through the API, the applications whose links open the pages in `locale`.
 * @param only the names of the pages wanted (e.g. `step-2`, `payment`); default every page
 * @throws Error when no arranged application opens one of {@link STEPS}
 */
export async function arrangePages(api: ApiCall, locale: string, only?: string[]): Promise<BenchPage[]> {
  const person = (name: string): Applicant => ({
    firstName: name,
    lastName: 'Lighthouse',
    email: `${name.toLowerCase()}.${locale}@example.com`,
  });
  const answered = await arrangeMbaAnswered(api, person('Ari'), locale);
  const atReferences = await arrangeMswAtReferences(api, person('Ben'), locale);
  // which application opens which step: the answered MBA where its program asks for the step, else the MSW
  const openers = [
    { ...answered, reached: 7, steps: await applicableSteps(api, answered.id, answered.token) },
    { ...atReferences, reached: 6, steps: await applicableSteps(api, atReferences.id, atReferences.token) },
  ];
  const pages: BenchPage[] = [{ name: 'welcome', path: '/', landing: '/' }];
  for (const step of STEPS) {
    const opener = openers.find((o) => o.steps.includes(step) && o.reached >= step);
    if (!opener) throw new Error(`no arranged application opens step ${step}`);
    const path = `/application/${step}`;
    pages.push({ name: `step-${step}`, path: `${path}?token=${encodeURIComponent(opener.token)}`, landing: path });
  }
  const atPayment = await arrangeMbaAtPayment(api, person('Dan'), locale);
  pages.push({ name: 'payment', path: `/application/8?token=${encodeURIComponent(atPayment.token)}`, landing: '/application/8' });
  const paid = await arrangeMbaAtPayment(api, person('Eli'), locale);
  const detailsToken = await payWithTestCard(api, paid.id, paid.token, 'Eli Lighthouse');
  pages.push({ name: 'documents', path: `/details/1?token=${encodeURIComponent(detailsToken)}`, landing: '/details/1' });
  return pages.filter((p) => !only || only.includes(p.name));
}
