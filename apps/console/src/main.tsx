import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import './app/global.css';
import { i18nOptions } from './i18n/i18n';
import { App } from './app/App';
import { loadMatchedRoutes } from './app/hydration';
import { createAppRouter, routes } from './app/router';
import { applyBrandCssVariables } from './app/theme';
import { installSession } from './features/auth/session/session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

applyBrandCssVariables(document.documentElement);

/**
 * A page the build prerendered (app/hydration.ts) is hydrated when it is the page asked for and
 * the console starts in English, the language it was rendered in. Otherwise (Hindi, another
 * page) the browser draws the page itself, replacing whatever the document held.
 */
async function start(root: HTMLElement): Promise<void> {
  const hydrate = root.dataset.prerendered === location.pathname && i18nOptions.lng === 'en';
  if (hydrate) await loadMatchedRoutes(routes, location.pathname);

  const router = createAppRouter();
  // Before the first render, so the first API call already carries the session.
  installSession((path) => void router.navigate(path, { replace: true }));

  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (hydrate) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start(container);
