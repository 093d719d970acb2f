// The tools feature's public entry: what other features may use.
export { mapsSearchUrl } from './geo/maps';
