import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, LabelList, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { Compliance } from '@school/shared/certificates/schemas';
import { useTheme } from '@/lib/theme';

/** Room for an area's two bars; the long area names wrap within the axis. */
const ROW_PX = 60;
const AXIS_PX = 150;

/**
 * The chart draws with the site's own variables, read when it renders and again when the theme changes: the
 * school's colour for what is earned (lightened on the dark palette as links are, so that it stands out from the
 * dark surface), the muted text colour for what is required.
 */
function useChartColours() {
  const theme = useTheme();
  return useMemo(() => {
    const style = getComputedStyle(document.documentElement);
    const read = (name: string) => style.getPropertyValue(name).trim();
    const primary = read('--primary');
    return {
      earned: theme === 'dark' ? `color-mix(in srgb, ${primary} 45%, white)` : primary,
      required: read('--muted'),
      text: read('--text'),
      grid: read('--border'),
      surface: read('--surface'),
    };
  }, [theme]);
}

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
      <Bar dataKey="required" name="Required" fill={colours.required}>
        <LabelList dataKey="required" position="right" fill={colours.text} fontSize={12} />
      </Bar>
      <Bar dataKey="earned" name="Earned" fill={colours.earned}>
        <LabelList dataKey="earned" position="right" fill={colours.text} fontSize={12} />
      </Bar>
    </BarChart>
  );
}
