/** App root: providers around the router. */
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ApplicationProvider } from '../features/application/ApplicationContext';
import { createAppRouter } from './router';

/** The applicant app. */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ApplicationProvider>
      <RouterProvider router={router} />
    </ApplicationProvider>
  );
}
