export { MapGeneratorPage } from './MapGeneratorPage';
