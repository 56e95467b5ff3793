import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@ask-user-kit/react/styles.css';
import './app.css';
import { App } from './App.tsx';

// Answers must not be re-sent behind the user's back: a resume is not idempotent.
const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
