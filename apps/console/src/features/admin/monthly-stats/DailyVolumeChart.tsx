import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DailyVolume } from '@khata/domain';
import { formatRupees } from '../common/money';
import { statusLabel, typeLabel } from '../transactions/labels';

/** A colour per status (money done, money back, still moving), shaded per service. */
const STATUS_HUES: Record<string, number> = {
  success: 152,
  processed: 152,
  queued: 38,
  processing: 45,
  failed: 2,
  reversed: 280,
};
/** Axis figures the Indian way: 90K, 1.8L, 2.5Cr. */
const COMPACT = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
const SERVICE_LIGHTNESS = [32, 44, 56, 38, 50, 62];

export interface DailyVolumeChartProps {
  month: string;
  rows: DailyVolume[];
}

/**
 * The month's daily volume (rupees) stacked by service and status: recharts, in a chunk of
 * its own that the monthly stats screen loads lazily (docs/decisions.md).
 */
export default function DailyVolumeChart({ month, rows }: DailyVolumeChartProps) {
  const series = [...new Set(rows.map((row) => `${row.service}|${row.status}`))].sort();
  const services = [...new Set(rows.map((row) => row.service))].sort();
  const days = new Date(
    Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0),
  ).getUTCDate();
  const data = Array.from({ length: days }, (_, index) => {
    const day = `${month}-${String(index + 1).padStart(2, '0')}`;
    const point: Record<string, number | string> = { day: String(index + 1) };
    for (const row of rows.filter((r) => r.day === day)) {
      point[`${row.service}|${row.status}`] = row.amount;
    }
    return point;
  });
  const nameOf = (key: string) => {
    const [service, status] = key.split('|') as [string, string];
    return `${typeLabel(service)} · ${statusLabel(status)}`;
  };
  const colourOf = (key: string) => {
    const [service, status] = key.split('|') as [string, string];
    const hue = STATUS_HUES[status] ?? 210;
    const lightness = SERVICE_LIGHTNESS[services.indexOf(service) % SERVICE_LIGHTNESS.length];
    return `hsl(${hue} 55% ${lightness}%)`;
  };
  return (
    <div className="monthly-stats__chart" data-testid="daily-volume-chart">
      <ResponsiveContainer width="100%" height={320}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" interval="preserveStartEnd" tickLine={false} />
          <YAxis width={72} tickFormatter={(value: number) => `₹${COMPACT.format(value)}`} />
          <Tooltip
            formatter={(value, name) => [formatRupees(value), nameOf(String(name))]}
            labelFormatter={(label) => `Day ${String(label)}`}
          />
          <Legend formatter={(value) => nameOf(String(value))} />
          {series.map((key) => (
            <Bar
              key={key}
              dataKey={key}
              stackId="volume"
              fill={colourOf(key)}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
