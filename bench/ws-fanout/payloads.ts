/** The pushes both servers send: what the engine publishes per tick, plus `ts` (publish time, ms) for latency. */
export const SYMBOLS = [
  'EURUSD', 'GBPUSD', 'USDJPY', 'AUDUSD', 'USDCAD', 'USDCHF', 'NZDUSD', 'EURJPY', 'GBPJPY', 'EURGBP', 'XAUUSD', 'XAGUSD', 'BTCUSDT', 'ETHUSDT',
  'SOLUSDT', 'BNBUSDT', 'XRPUSDT', 'DOGEUSDT', 'ADAUSDT', 'US30', 'SPX500', 'NAS100', 'GER40', 'UK100', 'JPN225', 'USOIL', 'UKOIL', 'NATGAS',
];
/** The period names KLINE pushes carry (decisions.md, Kline periods). */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day'];

export interface Push {
  topic: string;
  payload: Record<string, unknown>;
}

/** One tick's pushes: DAY_MARKET for the symbol and KLINE.<Code> for each of the six periods. */
export function tickPushes(n: number, ts: number): Push[] {
  const symbol = SYMBOLS[n % SYMBOLS.length]!;
  const price = (1000 + (n % 997) / 7).toFixed(2);
  const out: Push[] = [
    { topic: 'DAY_MARKET', payload: { symbol, close: price, change: '0.42', high: '1200.00', low: '990.00', open: '1000.00', volume: '123456.7890', ts } },
  ];
  for (const Period of PERIODS) {
    out.push({ topic: `KLINE.${symbol}`, payload: { Period, Open: '1000.00', High: '1200.00', Low: '990.00', Close: price, Volume: '1234.5678', Time: 1736337600, ts } });
  }
  return out;
}
