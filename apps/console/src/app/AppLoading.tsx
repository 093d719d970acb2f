import { Spin } from 'antd';

/** Shown while the first route's code downloads (react-router's HydrateFallback). */
export function AppLoading() {
  return (
    <div className="app-loading" role="status" aria-label="Loading Khata">
      <Spin size="large" />
    </div>
  );
}
