// The market feature's screens, loaded as one chunk when a route first needs them (app/lazy-screens).
// The home screen's market list is not here: it is part of the first screen.
export { ProductPage } from './routes/product-page';
export { TradePage } from './routes/trade-page';
