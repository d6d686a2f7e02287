import { wireApi } from '../lib/api';
import { initI18n } from '../lib/i18n';
import { pageNamespaces } from './pages';

/** Everything that must happen once before the first render. */
export async function bootstrap(): Promise<void> {
  wireApi();
  await initI18n(pageNamespaces());
}
