/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * The documents step's leave guard (issue 10 item 3): while a chosen file is in flight or unsent, a
 * navigation to another path is held until the person stays or leaves, query-only changes pass, the
 * held navigation goes on by itself once everything is sent, and `beforeunload` warns.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router-dom';
import { useLeaveGuard } from './useLeaveGuard';

let setActive: (v: boolean) => void;

function Documents() {
  const [active, set] = useState(true);
  setActive = set;
  const guard = useLeaveGuard(active);
  const location = useLocation();
  return (
    <div>
      <p data-testid="where">{location.pathname + location.search}</p>
      <Link to="/details/2?token=t">Continue to finish</Link>
      <Link to="/details/1?token=t&lang=es">Same page</Link>
      {guard.asking && (
        <div role="alertdialog">
          <button onClick={guard.stay}>Stay</button>
          <button onClick={guard.leave}>Leave</button>
        </div>
      )}
    </div>
  );
}

function renderAt() {
  const router = createMemoryRouter(
    [
      { path: '/details/1', element: <Documents /> },
      { path: '/details/2', element: <p data-testid="where">finish</p> },
    ],
    { initialEntries: ['/details/1?token=t'] },
  );
  render(<RouterProvider router={router} />);
}

const beforeUnloadPrevented = () => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
};

describe('useLeaveGuard', () => {
  it('asks before leaving while something is unsent; Stay keeps the page, Leave goes', () => {
    renderAt();
    fireEvent.click(screen.getByText('Continue to finish'));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/details/1?token=t');
    fireEvent.click(screen.getByText('Stay'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/details/1?token=t');
    fireEvent.click(screen.getByText('Continue to finish'));
    fireEvent.click(screen.getByText('Leave'));
    expect(screen.getByTestId('where').textContent).toBe('finish');
  });

  it('lets a query-only change through', () => {
    renderAt();
    fireEvent.click(screen.getByText('Same page'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/details/1?token=t&lang=es');
  });

  it('goes on by itself when everything got sent while asking', () => {
    renderAt();
    fireEvent.click(screen.getByText('Continue to finish'));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    act(() => setActive(false));
    expect(screen.getByTestId('where').textContent).toBe('finish');
  });

  it('does not ask when nothing is unsent', () => {
    renderAt();
    act(() => setActive(false));
    fireEvent.click(screen.getByText('Continue to finish'));
    expect(screen.getByTestId('where').textContent).toBe('finish');
  });

  it('warns on closing or reloading the tab only while something is unsent', () => {
    renderAt();
    expect(beforeUnloadPrevented()).toBe(true);
    act(() => setActive(false));
    expect(beforeUnloadPrevented()).toBe(false);
  });
});
