// The errors feature's public entry: what other features may use.
export { RouteErrorPage } from './RouteErrorPage';
