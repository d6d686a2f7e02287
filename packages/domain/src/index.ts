export * from './money.js';
export * from './market-hours.js';
export * from './candles.js';
