// Database (issue 14): the read-only database screen, the public entry of the feature.
export { DatabasePage } from './DatabasePage';
