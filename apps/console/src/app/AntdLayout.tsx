import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { Outlet } from 'react-router-dom';
import { theme } from './theme';

/**
 * antd's theme, locale and App context (message, modal, notification) for the routes that
 * use antd: a lazy layout route (app/router.tsx), so antd's runtime loads with the first such
 * screen and never with the home page (docs/performance.md, "Console first load").
 */
export function AntdLayout() {
  return (
    <ConfigProvider locale={enGB} theme={theme}>
      <AntApp>
        <Outlet />
      </AntApp>
    </ConfigProvider>
  );
}
