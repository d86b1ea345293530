import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './app/query-client';
import { meQueryOptions } from './lib/me';
import { router } from './router';

/** The app itself, loaded by the entry (main.tsx) beside the first page's code and the session. */

// Every page of the app reads the session (the guard, and the login and sign-up pages to send a
// signed-in visitor on): the query takes the answer to the entry's early request.
void queryClient.prefetchQuery(meQueryOptions);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
