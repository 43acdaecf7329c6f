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

/** Width of the category labels of a chart whose bars lie along rows, and the characters they keep. */
const ROW_LABEL_WIDTH = 220;
const ROW_LABEL_CHARS = 34;
/** Height of one category's row of bars, per bar. */
const ROW_BAR_HEIGHT = 14;

/** A category label cut to fit beside its bars (the tooltip names it whole). */
export function shortLabel(label: unknown): string {
  const text = String(label);
  return text.length > ROW_LABEL_CHARS ? `${text.slice(0, ROW_LABEL_CHARS - 1)}\u2026` : text;
}

/**
 * Bars per category (`x` names the category field), one bar per series (stacked when a series names
 * a stack). Categories are columns, or with `rows` one row each, labelled on the left: long names
 * ("Project: Exact match") side by side under columns ran into each other.
 */
export function BarsChart({ data, x, series, unit, rows = false }: { data: readonly Record<string, string | number | null>[]; x: string; series: readonly Series[]; unit?: string; rows?: boolean }) {
  const bars = new Set(series.map((item, i) => item.stack ?? `own-${i}`)).size;
  const height = rows ? Math.max(HEIGHT, data.length * (bars * ROW_BAR_HEIGHT + 12) + 64) : HEIGHT;
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={[...data]} layout={rows ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        {rows ? <XAxis type="number" unit={unit} tick={{ fontSize: 11 }} /> : <XAxis dataKey={x} tick={{ fontSize: 11 }} interval={0} />}
        {rows
          ? <YAxis type="category" dataKey={x} width={ROW_LABEL_WIDTH} tick={{ fontSize: 11 }} interval={0} tickFormatter={shortLabel} />
          : <YAxis unit={unit} tick={{ fontSize: 11 }} />}
        <Tooltip />
        <Legend />
        {series.map((item, i) => <Bar key={item.key} dataKey={item.key} name={item.name} fill={item.color ?? PALETTE[i % PALETTE.length]} stackId={item.stack} isAnimationActive={false} {...(rows ? { maxBarSize: 28 } : {})} />)}
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
