// Monthly stats and the day book (issue 14): the public entry of the feature.
export { MonthlyStatsPage } from './MonthlyStatsPage';
export { DayBookPage } from './DayBookPage';
