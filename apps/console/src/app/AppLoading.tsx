/** Shown while the first route's code downloads (react-router's HydrateFallback). */
export function AppLoading() {
  return (
    <div className="app-loading" role="status" aria-label="Loading Khata">
      <span className="app-loading__spinner" />
    </div>
  );
}
