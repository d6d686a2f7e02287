// The mining feature's screens, loaded as one chunk with the `mining` texts (app/lazy-screens).
export { MiningPage } from './routes/mining-page';
export { SubscribePage } from './routes/subscribe-page';
export { RecordPage } from './routes/record-page';
export { IncomePage } from './routes/income-page';
