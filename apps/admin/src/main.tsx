import { setClassMerger } from '@cartwheel/ui/lib/utils';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { twMerge } from 'tailwind-merge';
import { App } from './app/app.tsx';
import './index.css';

// The back office's screens pass classes that override their components' own (decision 0096).
setClassMerger(twMerge);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
