export * from './money.js';
export * from './market-hours.js';
export * from './candles.js';
export * from './price-walk.js';
export * from './candle-history.js';
export * from './withdrawal-fee.js';
export * from './micro.js';
export * from './forex.js';
