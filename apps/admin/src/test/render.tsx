import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { createQueryClient, Providers } from '../app/providers';

/** A component inside the console's providers and a router at `path`. */
export function renderInConsole(ui: ReactElement, path = '/') {
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
}
