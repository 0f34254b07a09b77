// Before any module that builds a zod schema (see the file).
import './zod-jitless';
// Base styles first: feature styles imported below refine them.
import './app.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { setSessionEndNavigation } from '../lib/api-client';
import { connectClientState } from '../lib/client-state.storage';
import { AppProviders } from './providers';
import { router } from './router';

// Spec §3: client state comes back from local storage on start and is saved on unload.
connectClientState(window, window.localStorage);
setSessionEndNavigation((to) => void router.navigate(to));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render is a transition too: React renders the shell in slices instead of one long task.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
