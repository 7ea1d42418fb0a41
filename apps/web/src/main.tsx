import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { stringsReady } from './i18n/index.ts';
import './styles/global.css';
import { App } from './app/App.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// In English, the first render waits for the English strings (downloaded apart from the Chinese: i18n/index.ts).
void stringsReady().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
