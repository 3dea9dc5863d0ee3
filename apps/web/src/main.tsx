import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index.tsx';
import { initErrorReporting } from './lib/error-reporting.ts';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Error reporting starts after the first screen, so it never delays it.
const startReporting = () => void initErrorReporting();
if ('requestIdleCallback' in window) window.requestIdleCallback(startReporting);
else setTimeout(startReporting, 1);
