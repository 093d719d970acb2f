import { LoadingOutlined } from '@ant-design/icons';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { Outlet } from 'react-router-dom';
import { theme } from './theme';

/**
 * A button's spinner shown and removed at once. antd's default one shrinks away on a CSS
 * transition and is removed only when that transition ends; when the end never comes (a busy
 * or throttled page), an invisible icon stays behind and the button is read out as
 * "loading Login" after its request has finished (docs/decisions.md, "Button spinners").
 */
const BUTTON = { loadingIcon: <LoadingOutlined /> };

/**
 * antd's theme, locale and App context (message, modal, notification) for the routes that
 * use antd: a lazy layout route (app/router.tsx), so antd's runtime loads with the first such
 * screen and never with the home page (docs/performance.md, "Console first load").
 */
export function AntdLayout() {
  return (
    <ConfigProvider locale={enGB} theme={theme} button={BUTTON}>
      <AntApp>
        <Outlet />
      </AntApp>
    </ConfigProvider>
  );
}
