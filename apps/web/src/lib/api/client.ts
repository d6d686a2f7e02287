import { configureApi } from '@tp/client';
import { apiOrigin } from './host';

// The transport lives in @tp/client, shared with the admin console. The web app's API host can be
// overridden (localStorage, VITE_API_ORIGIN), so it names its own origin here.
configureApi({ origin: () => apiOrigin() });

export * from '@tp/client';
