import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import type { QuestionStatistic } from '@school/shared/staff/grading';
import { useChartColours } from '@/lib/use-chart-colours';

const ROW_PX = 36;
const AXIS_PX = 140;

/** How many chose each choice of a question, a bar each; the table beside it says the same in text. */
export function ChoiceChart({ question }: { question: QuestionStatistic }) {
  const colours = useChartColours();
  const tick = { fill: colours.text, fontSize: 12 };
  return (
    <BarChart
      data={question.choices}
      layout="vertical"
      responsive
      style={{ width: '100%', height: question.choices.length * ROW_PX + 40 }}
      margin={{ top: 4, right: 28, bottom: 4, left: 0 }}
      aria-label={`How many chose each answer to: ${question.text}`}
    >
      <CartesianGrid horizontal={false} stroke={colours.grid} />
      <XAxis type="number" allowDecimals={false} tick={tick} stroke={colours.grid} />
      <YAxis type="category" dataKey="choice" width={AXIS_PX} tick={{ ...tick, width: AXIS_PX - 10 }} stroke={colours.grid} interval={0} />
      <Tooltip cursor={{ fill: colours.grid, fillOpacity: 0.35 }} contentStyle={{ background: colours.surface, border: `1px solid ${colours.grid}`, borderRadius: 8, color: colours.text }} />
      <Bar dataKey="count" name="Students" fill={colours.primary}>
        <LabelList dataKey="count" position="right" fill={colours.text} fontSize={12} />
      </Bar>
    </BarChart>
  );
}
