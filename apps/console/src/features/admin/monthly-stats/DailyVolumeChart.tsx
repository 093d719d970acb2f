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
import { useTranslation } from 'react-i18next';
import { indianScale, inScale, type DailyVolume, type IndianScale } from '@khata/domain';
import { formatRupees } from '../common/money';
import { statusLabel, typeLabel } from '../transactions/labels';

/**
 * Okabe and Ito's palette, chosen to stay apart for the common kinds of colour blindness
 * (issue 23: five near-identical greens). One colour per series, in a fixed order; past eight
 * series the colours repeat and the legend and tooltip still name each one.
 */
export const SERIES_COLOURS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
] as const;

/** The axis's unit, named in the reader's language ("₹ in lakh", "₹ लाख में"). */
const UNIT_KEYS = {
  rupees: 'chart.unit.rupees',
  thousand: 'chart.unit.thousand',
  lakh: 'chart.unit.lakh',
  crore: 'chart.unit.crore',
} as const satisfies Record<Exclude<IndianScale['unit'], ''> | 'rupees', string>;

export interface DailyVolumeChartProps {
  month: string;
  rows: DailyVolume[];
}

/**
 * The month's daily volume (rupees) stacked by service and status: recharts, in a chunk of
 * its own that the monthly stats screen loads lazily (docs/decisions.md).
 */
export default function DailyVolumeChart({ month, rows }: DailyVolumeChartProps) {
  const { t } = useTranslation('monthly-stats');
  const series = [...new Set(rows.map((row) => `${row.service}|${row.status}`))].sort();
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
  // One unit for the whole axis, from the tallest day's stack.
  const tallest = Math.max(
    0,
    ...data.map((point) =>
      series.reduce((sum, key) => sum + (typeof point[key] === 'number' ? point[key] : 0), 0),
    ),
  );
  const scale = indianScale(tallest);
  const nameOf = (key: string) => {
    const [service, status] = key.split('|') as [string, string];
    return `${typeLabel(service)} · ${statusLabel(status)}`;
  };
  const colourOf = (key: string) => SERIES_COLOURS[series.indexOf(key) % SERIES_COLOURS.length];
  return (
    <div className="monthly-stats__chart" data-testid="daily-volume-chart">
      {/* The legend takes its rows out of the chart's height: on a phone each series may take a
          row of its own, so the height grows with the series and the bars always keep room. */}
      <ResponsiveContainer width="100%" height={Math.max(320, 240 + series.length * 26)}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" interval="preserveStartEnd" tickLine={false} />
          <YAxis
            width={64}
            tickFormatter={(value: number) => inScale(value, scale)}
            label={{
              value: t(UNIT_KEYS[scale.unit || 'rupees']),
              angle: -90,
              position: 'insideLeft',
              className: 'monthly-stats__axis-unit',
            }}
          />
          <Tooltip
            formatter={(value, name) => [formatRupees(value), nameOf(String(name))]}
            labelFormatter={(label) => t('chart.day', { day: String(label) })}
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
