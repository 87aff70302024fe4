/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/** CardNumberInput (issue 27 item 7): the number grouped in fours as it is typed, digits only, through register(). */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { renderWithI18n, testI18n } from '../../test/render-with-i18n';
import { CardNumberInput } from './CardNumberInput';

let formValues: () => { card: string };

function Form() {
  const { register, getValues } = useForm<{ card: string }>({ defaultValues: { card: '' } });
  formValues = getValues;
  return <CardNumberInput label="Card number" {...register('card')} />;
}

describe('CardNumberInput', () => {
  it('groups the digits in fours as they are typed and refuses anything else', async () => {
    renderWithI18n(await testI18n('en'), <Form />);
    const input = screen.getByLabelText('Card number') as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    expect(input.autocomplete).toBe('cc-number');
    const user = userEvent.setup();
    await user.click(input);
    await user.keyboard('41111');
    expect(input.value).toBe('4111 1');
    await user.keyboard('1x11-1111 1111');
    expect(input.value).toBe('4111 1111 1111 1111');
    expect(formValues().card).toBe('4111 1111 1111 1111');
  });
});
