/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * DateInput (issue 27 item 1, the GOV.UK date input): day, month and year in three labelled fields in the
 * page's language's order, digits only, one hint and error for the group; the form gets spec §3's
 * MM/DD/YYYY whatever the order, and an ambiguous or wrongly ordered date is never guessed into another.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { datePartOrder, datePartsOf, wireDate } from '../lib/date-parts';
import { isValidUsDate } from '../../features/application/steps/field-rules';
import { renderWithI18n, testI18n } from '../../test/render-with-i18n';
import { DateInput } from './DateInput';

let formValues: () => { born: string };
let resetTo: (v: string) => void;
let blurs = 0;

function Form({ initial = '', error }: { initial?: string; error?: string }) {
  const { register, getValues, reset } = useForm<{ born: string }>({ defaultValues: { born: initial } });
  formValues = getValues;
  resetTo = (v) => reset({ born: v });
  const registered = register('born', { onBlur: () => (blurs += 1) });
  return (
    <>
      <DateInput label="Born" error={error} {...registered} />
      <button type="button">elsewhere</button>
    </>
  );
}

/** Types each text into the part labelled so, in the given order, as a person would. */
async function enter(pairs: [label: string, text: string][]): Promise<void> {
  const user = userEvent.setup();
  for (const [label, text] of pairs) await user.type(screen.getByLabelText(label), text);
}

const partLabels = () => [...document.querySelectorAll('.date-input__label')].map((l) => l.textContent);

describe('DateInput', () => {
  it('asks month, day and year in English, on a numeric keypad, and hands the form MM/DD/YYYY', async () => {
    renderWithI18n(await testI18n('en'), <Form />);
    expect(partLabels()).toEqual(['Month', 'Day', 'Year']);
    expect(screen.getByRole('group', { name: 'Born' })).toBeTruthy();
    const month = screen.getByLabelText('Month') as HTMLInputElement;
    expect(month.inputMode).toBe('numeric');
    await enter([
      ['Month', '3'],
      ['Day', '15'],
      ['Year', '1998'],
    ]);
    expect(formValues().born).toBe('03/15/1998');
  });

  it('asks day first in Spanish: 05 / 03 is the fifth of March, never May the third', async () => {
    renderWithI18n(await testI18n('es'), <Form />);
    expect(partLabels()).toEqual(['Día', 'Mes', 'Año']);
    await enter([
      ['Día', '05'],
      ['Mes', '03'],
      ['Año', '1998'],
    ]);
    expect(formValues().born).toBe('03/05/1998');
  });

  it('asks year first in Chinese (年 月 日)', async () => {
    renderWithI18n(await testI18n('zh-CN'), <Form />);
    expect(partLabels()).toEqual(['年', '月', '日']);
    await enter([
      ['年', '1998'],
      ['月', '3'],
      ['日', '15'],
    ]);
    expect(formValues().born).toBe('03/15/1998');
  });

  it('never reorders a date typed in the wrong order: 15 in the month field stays an impossible date', async () => {
    renderWithI18n(await testI18n('es'), <Form />);
    await enter([
      ['Día', '03'],
      ['Mes', '15'],
      ['Año', '1998'],
    ]);
    expect(formValues().born).toBe('15/03/1998');
    expect(isValidUsDate(formValues().born)).toBe(false);
  });

  it('takes digits only, as many as the part holds, and keeps an incomplete date visibly incomplete', async () => {
    renderWithI18n(await testI18n('en'), <Form />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Month'), '1a2x3');
    expect((screen.getByLabelText('Month') as HTMLInputElement).value).toBe('12');
    await user.type(screen.getByLabelText('Year'), '98');
    expect(formValues().born).toBe('12//98');
    expect(isValidUsDate(formValues().born)).toBe(false);
  });

  it('fills the parts from a value the form sets (server data, a reset) and reports a blur only when focus leaves the group', async () => {
    renderWithI18n(await testI18n('en'), <Form initial="04/12/1996" />);
    expect((screen.getByLabelText('Month') as HTMLInputElement).value).toBe('04');
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('12');
    expect((screen.getByLabelText('Year') as HTMLInputElement).value).toBe('1996');
    act(() => resetTo('11/30/2001'));
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('30');
    blurs = 0;
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Month'));
    await user.click(screen.getByLabelText('Day'));
    expect(blurs).toBe(0);
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(blurs).toBe(1);
  });

  it('shows one error for the group, linked from every part', async () => {
    renderWithI18n(await testI18n('en'), <Form error="Enter a real date" />);
    const errors = screen.getAllByText('Enter a real date');
    expect(errors).toHaveLength(1);
    for (const label of ['Month', 'Day', 'Year']) {
      const part = screen.getByLabelText(label);
      expect(part.getAttribute('aria-invalid')).toBe('true');
      expect(part.getAttribute('aria-describedby')).toContain(errors[0]!.id);
    }
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '7' } });
    expect(formValues().born).toBe('/07/');
  });
});

describe('date parts', () => {
  it('reads each language’s order from Intl', () => {
    expect(datePartOrder('en')).toEqual(['month', 'day', 'year']);
    expect(datePartOrder('es')).toEqual(['day', 'month', 'year']);
    expect(datePartOrder('zh-CN')).toEqual(['year', 'month', 'day']);
  });

  it('writes and reads the wire text without completing anything', () => {
    expect(wireDate({ day: '5', month: '3', year: '1998' })).toBe('03/05/1998');
    expect(wireDate({ day: '', month: '', year: '' })).toBe('');
    expect(datePartsOf('03//1998')).toEqual({ month: '03', day: '', year: '1998' });
    expect(datePartsOf('1998-03-15')).toEqual({ month: '03', day: '15', year: '1998' });
    expect(datePartsOf('garbage')).toEqual({ month: '', day: '', year: '' });
    for (const wire of ['03/15/1998', '12/01/2020', '02/30/2019']) expect(wireDate(datePartsOf(wire))).toBe(wire);
  });
});
