import './route-progress.css';

/** The thin bar across the top while the router loads the next page. */
export function RouteProgress() {
  return <div className="route-progress" role="progressbar" aria-label="Loading page" />;
}
