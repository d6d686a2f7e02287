// The contract (forex) feature's parts of the trade and order screens, loaded as one chunk when
// first shown (app/lazy-screens).
export { ForexOrderForm } from './components/forex-order-form';
export { ForexOrders } from './components/forex-orders';
