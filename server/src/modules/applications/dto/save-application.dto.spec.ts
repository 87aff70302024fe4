import { describe, expect, it } from '@jest/globals';
import { ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { ValidationFailedException } from '../../../common/errors/api.exception.js';
import { ApiValidationPipe } from '../../../common/validation/api-validation.pipe.js';
import { validationTypeFor } from '../../../common/validation/validate-by-parts.js';
import { SaveApplicationDto } from './save-application.dto.js';
import { PersonalStepDto } from './steps/personal-step.dto.js';

/** Validation against the whole ~150-property DTO, as before issue 12 (the portal's pipe options). */
const whole = new ValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  exceptionFactory: (errors) => new ValidationFailedException(errors),
});
const portal = new ApiValidationPipe();
const metadata = { type: 'body' as const, metatype: SaveApplicationDto };

/** The outcome of a pipe: the plain data it passed, or its errors (property, constraints, children) sorted by property. */
async function outcome(pipe: { transform(value: unknown, m: typeof metadata): unknown }, body: unknown): Promise<unknown> {
  try {
    return { data: JSON.parse(JSON.stringify(await pipe.transform(structuredClone(body), metadata))) as unknown };
  } catch (error) {
    const shape = (errors: ValidationError[]): unknown =>
      errors
        .map((e) => ({ property: e.property, constraints: e.constraints, children: shape(e.children ?? []) }))
        .sort((a, b) => a.property.localeCompare(b.property));
    return { errors: shape((error as ValidationFailedException).validationErrors) };
  }
}

describe('SaveApplicationDto validated by the steps a body touches (issue 12)', () => {
  it.each([
    ['an empty body (version is required)', {}],
    ['version 0', { version: 0 }],
    ['a blank required name and a too-long text', { version: 2, firstName: '  ', contactName: 'x'.repeat(300) }],
    ['a trimmed name and a bad nested contact', { version: 2, firstName: ' Ann ', emergencyContact: { name: 1, phone: 'x' } }],
    ['an unknown field', { version: 2, foo: 1, maritalStatus: 'Single' }],
    ['fields only submit writes', { version: 2, certifyAllInformation: true, email: 'not-an-e-mail' }],
    [
      'course tables, lists and observation of two steps',
      { version: 2, OTDCourse1: { status: 5 }, passedCollegeLevelOrAPCourses: [{ college: 1 }], completedObservation: { boolean: 'x' } },
    ],
    ['bad control fields and fields of three steps', { version: '2', stepReached: '99', timeZone: 'Mars/X', discountCode: 3, employer: 4 }],
    ['a CEEB code trimmed', { version: 2, seminaryCeeb: ' 1234 ' }],
    ['an unknown key inside a nested object', { version: 1, mathInfo: { typeClass: 1, foo: 2 } }],
    [
      'a valid save of several steps',
      { version: 3, contactName: 'A', fatherDeceased: true, employer: 'X', firstRecommender: { name: 'B' } },
    ],
  ])('%s: the same outcome as validating against the whole DTO', async (_name, body) => {
    expect(await outcome(portal, body)).toEqual(await outcome(whole, body));
  });

  it('validates a body of one step with the base and that step only', () => {
    const type = validationTypeFor(SaveApplicationDto, { version: 1, contactName: 'A' });
    expect(type).not.toBe(SaveApplicationDto);
    expect(new type()).toBeInstanceOf(Object);
    expect(validationTypeFor(SaveApplicationDto, { version: 1, maritalStatus: 'Single' })).toBe(type); // built once per combination
    expect(validationTypeFor(SaveApplicationDto, [1])).toBe(SaveApplicationDto);
    expect(validationTypeFor(PersonalStepDto, { version: 1 })).toBe(PersonalStepDto); // not registered: unchanged
  });
});
