/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/** DateInput (issue 10 item 2): digits typed as on a phone keypad, "/" typed on a keyboard, pastes, and a form reset, through react-hook-form's register(). */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { useForm } from 'react-hook-form';
import { normaliseDateText, padOnSlash } from '../lib/date-mask';
import { renderWithI18n, testI18n } from '../../test/render-with-i18n';
import { DateInput } from './DateInput';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});

let formValues: () => { born: string };
let resetTo: (v: string) => void;
const changes: string[] = [];

function Form({ initial = '' }: { initial?: string }) {
  const { register, getValues, reset, watch } = useForm<{ born: string }>({ defaultValues: { born: initial } });
  formValues = getValues;
  resetTo = (v) => reset({ born: v });
  watch((v) => changes.push(v.born ?? ''));
  return <DateInput label="Born" {...register('born')} />;
}

beforeEach(() => {
  changes.length = 0;
});

describe('DateInput', () => {
  it('turns digits only (a phone keypad) into MM/DD/YYYY, adding slashes as they are typed', async () => {
    renderWithI18n(i18n, <Form />);
    const input = screen.getByLabelText('Born') as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    const user = userEvent.setup();
    await user.click(input);
    await user.keyboard('0315');
    expect(input.value).toBe('03/15');
    await user.keyboard('1998');
    expect(input.value).toBe('03/15/1998');
    expect(formValues().born).toBe('03/15/1998');
    expect(changes.at(-1)).toBe('03/15/1998');
  });

  it('refuses letters and extra digits', async () => {
    renderWithI18n(i18n, <Form />);
    const input = screen.getByLabelText('Born') as HTMLInputElement;
    const user = userEvent.setup();
    await user.click(input);
    await user.keyboard('03a15x199855');
    expect(input.value).toBe('03/15/1998');
    expect(formValues().born).toBe('03/15/1998');
  });

  it('pads a one-digit month and day when "/" is typed after it', async () => {
    renderWithI18n(i18n, <Form />);
    const input = screen.getByLabelText('Born') as HTMLInputElement;
    const user = userEvent.setup();
    await user.click(input);
    await user.keyboard('3/5/1998');
    expect(input.value).toBe('03/05/1998');
    expect(formValues().born).toBe('03/05/1998');
  });

  it.each([
    ['3/15/1998', '03/15/1998'],
    ['1998-03-15', '03/15/1998'],
    [' 03-15-1998 ', '03/15/1998'],
    ['03151998', '03/15/1998'],
  ])('normalises a pasted %p to %p', async (pasted, expected) => {
    renderWithI18n(i18n, <Form />);
    const input = screen.getByLabelText('Born') as HTMLInputElement;
    const user = userEvent.setup();
    await user.click(input);
    await user.paste(pasted);
    expect(input.value).toBe(expected);
    expect(formValues().born).toBe(expected);
  });

  it('takes over a value the form sets from outside before the next edit', async () => {
    renderWithI18n(i18n, <Form initial="01/02/2000" />);
    const input = screen.getByLabelText('Born') as HTMLInputElement;
    expect(input.value).toBe('01/02/2000');
    act(() => resetTo('12/31/1999'));
    expect(input.value).toBe('12/31/1999');
    const user = userEvent.setup();
    await user.click(input);
    await user.keyboard('{Backspace}{Backspace}{Backspace}{Backspace}2001');
    expect(input.value).toBe('12/31/2001');
    expect(formValues().born).toBe('12/31/2001');
  });
});

describe('date-mask helpers', () => {
  it('normalises known formats and refuses impossible dates', () => {
    expect(normaliseDateText('2/29/2024')).toBe('02/29/2024');
    expect(normaliseDateText('2/29/2023')).toBeNull();
    expect(normaliseDateText('15/03/1998')).toBeNull();
    expect(normaliseDateText('hello')).toBeNull();
  });

  it('pads only a lone month or day digit', () => {
    expect(padOnSlash('3')).toBe('03/');
    expect(padOnSlash('03/1')).toBe('03/01/');
    expect(padOnSlash('3/1')).toBe('03/01/');
    expect(padOnSlash('03')).toBeNull();
    expect(padOnSlash('03/15')).toBeNull();
    expect(padOnSlash('')).toBeNull();
  });
});
