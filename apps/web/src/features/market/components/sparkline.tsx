import '../market.css';
import { useId } from 'react';

interface SparklineProps {
  values: readonly number[];
  up: boolean;
  height?: number;
}

const W = 100;

/** A small area chart (SVG): lighter than a chart library for four home cards. */
export function Sparkline({ values, up, height = 44 }: SparklineProps) {
  const id = useId().replace(/:/g, '');
  const pts = values.filter((v) => Number.isFinite(v));
  if (pts.length < 2) return <div className="tp-spark" style={{ height }} aria-hidden="true" />;
  const min = Math.min(...pts);
  const max = Math.max(...pts);
  const span = max - min || Math.abs(max) * 0.001 || 1;
  const pad = 3;
  const xy = pts.map((v, i) => [(i / (pts.length - 1)) * W, pad + (1 - (v - min) / span) * (height - pad * 2)] as const);
  const line = xy.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(2)} ${y.toFixed(2)}`).join(' ');
  const area = `${line} L${W} ${height} L0 ${height} Z`;
  const colour = up ? 'var(--tp-up)' : 'var(--tp-down)';
  return (
    <svg className="tp-spark" viewBox={`0 0 ${W} ${height}`} preserveAspectRatio="none" style={{ height }} aria-hidden="true">
      <defs>
        <linearGradient id={`g${id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" style={{ stopColor: colour, stopOpacity: 0.28 }} />
          <stop offset="100%" style={{ stopColor: colour, stopOpacity: 0 }} />
        </linearGradient>
      </defs>
      <path d={area} fill={`url(#g${id})`} stroke="none" />
      <path d={line} fill="none" style={{ stroke: colour }} strokeWidth={1.6} strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
