import { createRequire } from 'node:module';
import { countryCodeOf } from '../dropdowns/dropdowns.seed-data.js';
import { countryOf, isUsAddress } from './address-rules.js';

/** What `@fragaria/address-formatter` needs of an address (OpenCage components). */
interface AddressComponents {
  road?: string;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
  countryCode?: string;
}
type AddressFormatter = { format(components: AddressComponents, options?: { appendCountry?: boolean; output?: 'string' }): string };

let formatter: AddressFormatter | undefined;
/** The library (CommonJS, ~0.5 MB of templates), loaded on the first address formatted. */
function addressFormatter(): AddressFormatter {
  formatter ??= createRequire(import.meta.url)('@fragaria/address-formatter') as AddressFormatter;
  return formatter;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The applicant's mailing address laid out the way the post of its country expects it (issue 27 item 4),
 * by `@fragaria/address-formatter` (OpenCage's address templates): street lines, city, region or state,
 * postal code, country — "1234 Ocean Pkwy Apt 5\nBrooklyn, NY 11219\nUnited States of America",
 * "Av. Reforma 222\n06600 Ciudad de México, CDMX\nMexico", "100022 China\n北京市\n北京\n建国路88号".
 * @param answers step 1's answers (`addressLine1`, `addressLine2`, `addressCity`, `addressState` or
 *   `addressRegion`, `addressZip`, `addressCountry`)
 * @returns the lines joined with "\n"; null when neither a street nor a city was given
 */
export function formatMailingAddress(answers: Record<string, unknown>): string | null {
  const road = [text(answers.addressLine1), text(answers.addressLine2)].filter(Boolean).join(', ');
  const city = text(answers.addressCity);
  if (!road && !city) return null;
  const country = countryOf(answers);
  const code = countryCodeOf(country);
  const formatted = addressFormatter().format(
    {
      road: road || undefined,
      city: city || undefined,
      state: (isUsAddress(answers) ? text(answers.addressState) : text(answers.addressRegion)) || undefined,
      postcode: text(answers.addressZip) || undefined,
      country,
      countryCode: code ?? undefined,
    },
    { appendCountry: true },
  );
  return formatted.trim().replace(/\n{2,}/g, '\n');
}
