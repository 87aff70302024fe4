/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * CardNumberInput (issue 27 item 7): the number grouped in fours as it is typed, digits only, through register();
 * the mask library loads when the page is idle (issue 28), and what was typed before is grouped then.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { renderWithI18n, testI18n } from '../../test/render-with-i18n';
import { CardNumberInput, loadCardMask } from './CardNumberInput';

let formValues: () => { card: string };

function Form() {
  const { register, getValues } = useForm<{ card: string }>({ defaultValues: { card: '' } });
  formValues = getValues;
  return <CardNumberInput label="Card number" {...register('card')} />;
}

/** The page's idle moments, run when the test says (the browser's requestIdleCallback, held). */
let idleTasks: (() => void)[] = [];
beforeEach(() => {
  idleTasks = [];
  window.requestIdleCallback = ((task: () => void) => idleTasks.push(task)) as unknown as typeof window.requestIdleCallback;
  window.cancelIdleCallback = () => undefined;
});
afterEach(() => {
  delete (window as Partial<Window>).requestIdleCallback;
  delete (window as Partial<Window>).cancelIdleCallback;
});
const pageIdle = () => act(() => idleTasks.splice(0).forEach((task) => task()));

describe('CardNumberInput', () => {
  it('groups the digits in fours as they are typed and refuses anything else', async () => {
    renderWithI18n(await testI18n('en'), <Form />);
    const input = screen.getByLabelText('Card number') as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    expect(input.autocomplete).toBe('cc-number');
    const user = userEvent.setup();
    await user.click(input);
    await pageIdle();
    await act(() => loadCardMask());
    await user.keyboard('41111');
    expect(input.value).toBe('4111 1');
    await user.keyboard('1x11-1111 1111');
    expect(input.value).toBe('4111 1111 1111 1111');
    expect(formValues().card).toBe('4111 1111 1111 1111');
  });

  it('groups what was typed before the mask library arrived, and the form has it', async () => {
    renderWithI18n(await testI18n('en'), <Form />);
    const input = screen.getByLabelText('Card number') as HTMLInputElement;
    const user = userEvent.setup();
    await user.click(input);
    await user.keyboard('411111');
    expect(input.value).toBe('411111'); // a plain field until the page is idle
    await pageIdle();
    await waitFor(() => expect(input.value).toBe('4111 11'));
    expect(formValues().card).toBe('4111 11');
    await user.keyboard('1');
    expect(input.value).toBe('4111 111');
    expect(formValues().card).toBe('4111 111');
  });
});
