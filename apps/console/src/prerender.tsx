/**
 * The build's prerender (issue 30; app/hydration.ts): renders the public pages a visitor
 * without a session opens first to HTML, in English, as the browser's first render draws
 * them. Built by `vite build --ssr` and run by scripts/prerender.mjs after the console's build.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { i18n } from './i18n/i18n';
import { AppFrame } from './app/App';
import { AppPath } from './app/paths';
import { routes } from './app/router';
import { brandCssVariables } from './app/theme';

/** The pages prerendered, by the file each is written to (`prerendered/<name>.html`). */
export const PRERENDERED_PAGES = {
  home: AppPath.home,
  login: AppPath.login,
  signup: AppPath.signup,
  partnerLogin: AppPath.partnerLogin,
} as const;

/**
 * The brand's colours as the root element's style: main.tsx sets them from the theme, which
 * the document painted before the script must not wait for (the logo, the call button).
 */
export const ROOT_STYLE = Object.entries(brandCssVariables())
  .map(([name, value]) => `${name}: ${value}`)
  .join('; ');

/** The markup of `#root` for one path, once every lazy route and text it needs has loaded. */
export async function renderPage(path: string): Promise<string> {
  await i18n.loadNamespaces(['common', 'public', 'auth']);
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(`http://khata.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppFrame>
        {/* No hydration data: the routes have no loaders; main.tsx loads their code first. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>
    </StrictMode>,
  );
  let html = '';
  for await (const part of prelude) html += String(part);
  return html;
}
