import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** The few recharts shapes the reports draw, one size and palette for all of them. */
const HEIGHT = 280;
export const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#faad14', '#f5222d'];

export interface Series {
  key: string;
  name: string;
  color?: string;
  stack?: string;
}

/** Bars per category (`x` names the category field), one bar per series (stacked when a series names a stack). */
export function BarsChart({ data, x, series, unit }: { data: readonly Record<string, string | number | null>[]; x: string; series: readonly Series[]; unit?: string }) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={[...data]} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey={x} tick={{ fontSize: 11 }} interval={0} />
        <YAxis unit={unit} tick={{ fontSize: 11 }} />
        <Tooltip />
        <Legend />
        {series.map((item, i) => <Bar key={item.key} dataKey={item.key} name={item.name} fill={item.color ?? PALETTE[i % PALETTE.length]} stackId={item.stack} isAnimationActive={false} />)}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Lines over `x`, one per series. */
export function LinesChart({ data, x, series, unit, xUnit }: { data: readonly Record<string, string | number | null>[]; x: string; series: readonly Series[]; unit?: string; xUnit?: string }) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <LineChart data={[...data]} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey={x} unit={xUnit} tick={{ fontSize: 11 }} />
        <YAxis unit={unit} tick={{ fontSize: 11 }} />
        <Tooltip />
        <Legend />
        {series.map((item, i) => (
          <Line key={item.key} type="monotone" dataKey={item.key} name={item.name} stroke={item.color ?? PALETTE[i % PALETTE.length]} connectNulls isAnimationActive={false} dot={false} />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
