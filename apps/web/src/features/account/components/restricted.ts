/** Entries a demo (mock) account may not open: spec section 6. */
export const DEMO_BLOCKED = new Set(['/mine/charge', '/mine/withdraw', '/mine/transfer', '/mine/auth', '/mine/invite', '/mine/password']);
