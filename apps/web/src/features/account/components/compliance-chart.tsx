import { Bar, BarChart, CartesianGrid, LabelList, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { Compliance } from '@school/shared/certificates/schemas';
import { useChartColours } from '@/lib/use-chart-colours';

/** Room for an area's two bars; the long area names wrap within the axis. */
const ROW_PX = 60;
const AXIS_PX = 150;

/**
 * Units earned against units required in each subject area (a bar each). Keyboard users focus the chart and move
 * through the areas with the left and right arrow keys (recharts' accessibility layer); the table beside it says
 * the same in text.
 */
export function ComplianceChart({ areas, name }: { areas: Compliance['areas']; name: string }) {
  const colours = useChartColours();
  const tick = { fill: colours.text, fontSize: 12 };
  return (
    <BarChart
      className="compliance-chart"
      data={areas}
      layout="vertical"
      responsive
      style={{ width: '100%', height: areas.length * ROW_PX + 70 }}
      margin={{ top: 8, right: 28, bottom: 8, left: 0 }}
      aria-label={name}
      desc="Each subject area has two bars: the units required and the units earned."
    >
      <CartesianGrid horizontal={false} stroke={colours.grid} />
      <XAxis type="number" allowDecimals={false} tick={tick} stroke={colours.grid} />
      <YAxis type="category" dataKey="label" width={AXIS_PX} tick={{ ...tick, width: AXIS_PX - 10 }} stroke={colours.grid} interval={0} />
      <Tooltip
        cursor={{ fill: colours.grid, fillOpacity: 0.35 }}
        contentStyle={{ background: colours.surface, border: `1px solid ${colours.grid}`, borderRadius: 8, color: colours.text }}
        labelStyle={{ fontWeight: 600 }}
      />
      <Legend labelStyle={{ color: colours.text }} />
      <Bar dataKey="required" name="Required" fill={colours.muted}>
        <LabelList dataKey="required" position="right" fill={colours.text} fontSize={12} />
      </Bar>
      <Bar dataKey="earned" name="Earned" fill={colours.primary}>
        <LabelList dataKey="earned" position="right" fill={colours.text} fontSize={12} />
      </Bar>
    </BarChart>
  );
}
