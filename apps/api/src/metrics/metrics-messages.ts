/** `/metrics`' refusals: a Prometheus scraper or an operator reads them (English only). */
export const MetricsMessages = {
  off: 'Metrics are off: set METRICS_TOKEN to turn them on.',
  tokenRequired: 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".',
} as const;
