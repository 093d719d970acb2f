import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import './app/global.css';
import './i18n/i18n';
import { App } from './app/App';
import { applyBrandCssVariables } from './app/theme';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

applyBrandCssVariables(document.documentElement);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
