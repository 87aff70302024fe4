/** App root: providers around the router. */
import { RouterProvider } from 'react-router-dom';
import { ApplicationProvider } from '../features/application/ApplicationContext';
import type { AppRouter } from './router';

/** The applicant app, on `router` (made by `createAppRouter` before the first render: its loaders are already running). */
export function App({ router }: { router: AppRouter }) {
  return (
    <ApplicationProvider>
      <RouterProvider router={router} />
    </ApplicationProvider>
  );
}
