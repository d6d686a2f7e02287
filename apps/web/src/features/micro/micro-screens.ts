// The option (micro) feature's parts of the trade and order screens, loaded as one chunk when
// first shown (app/lazy-screens). The settled-option notice is not here: it listens on every screen.
export { MicroOrderForm } from './components/micro-order-form';
export { MicroOrders } from './components/micro-orders';
