// The API transport shared by the web app and the admin console: one implementation of the
// envelope, the 999 answer, shared in-flight requests and idempotency keys. Each app connects it
// to its own session, language and toasts with configureApi. Also localStorage that never throws.
export * from './client.js';
export * from './storage.js';
