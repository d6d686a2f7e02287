import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { marketEndpoints } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** GET /v2/api/forex/getCategories: names come in the `lang` header's language, so the key has it. */
export const categoriesQuery = (lang: string) =>
  queryOptions({
    queryKey: ['market', 'categories', lang],
    queryFn: ({ signal }) => call(marketEndpoints.categories, undefined, { signal }),
    staleTime: 10 * 60_000,
  });

export function useCategories() {
  const { i18n } = useTranslation();
  return useQuery(categoriesQuery(i18n.language));
}
