import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartColours } from '@/lib/use-chart-colours';

export interface ChartSeries {
  key: string;
  name: string;
}

/** Figures per period as grouped bars, one colour a series (the school's, then muted shades); the table beside it says the same. */
export function PeriodChart({ data, series, label, format }: { data: Record<string, string | number>[]; series: ChartSeries[]; label: string; format?: (n: number) => string }) {
  const colours = useChartColours();
  const tick = { fill: colours.text, fontSize: 12 };
  const fills = [colours.primary, colours.muted, colours.text];
  return (
    <BarChart data={data} responsive style={{ width: '100%', height: 260 }} margin={{ top: 8, right: 8, bottom: 4, left: 8 }} aria-label={label}>
      <CartesianGrid vertical={false} stroke={colours.grid} />
      <XAxis dataKey="period" tick={tick} stroke={colours.grid} minTickGap={12} />
      <YAxis tick={tick} stroke={colours.grid} allowDecimals={false} tickFormatter={format} width={format ? 84 : 40} />
      <Tooltip formatter={format ? (value) => format(Number(value)) : undefined} cursor={{ fill: colours.grid, fillOpacity: 0.35 }} contentStyle={{ background: colours.surface, border: `1px solid ${colours.grid}`, borderRadius: 8, color: colours.text }} />
      <Legend wrapperStyle={{ color: colours.text, fontSize: 12 }} />
      {series.map((s, i) => (
        <Bar key={s.key} dataKey={s.key} name={s.name} fill={fills[i % fills.length]} />
      ))}
    </BarChart>
  );
}
