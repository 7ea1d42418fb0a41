import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { stringsReady } from './i18n/index.ts';
import './styles/global.css';
import { App } from './app/App.tsx';
import { brandQuery } from './platform/brand.tsx';
import { queryClient } from './platform/query-client.ts';
import { loginStatusQuery } from './platform/session.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The two calls every page waits for before it can render (the brand, then the guard's login status), asked
// together at once rather than one after the other as the components that read them mount (issue 19).
void queryClient.prefetchQuery(brandQuery);
void queryClient.prefetchQuery(loginStatusQuery);

// In English, the first render waits for the English strings (downloaded apart from the Chinese: i18n/index.ts).
void stringsReady().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
