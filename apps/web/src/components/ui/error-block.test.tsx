import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorBlock } from './error-block';
import { disconnectedImage, emptyImage } from 'antd-mobile/es/components/error-block/images';
import { renderToStaticMarkup } from 'react-dom/server';

// The app's ErrorBlock carries only the two pictures it shows; each status must still get its own.
describe('ErrorBlock', () => {
  it.each([
    ['empty', emptyImage],
    ['disconnected', disconnectedImage],
  ] as const)('shows the %s picture and the title', (status, image) => {
    const { container, getByText } = render(<ErrorBlock status={status} title="Nothing here" description={null} />);
    const picture = container.querySelector('.adm-error-block-image');
    expect(picture?.innerHTML).toBe(renderToStaticMarkup(image));
    expect(picture?.querySelector('svg')).not.toBeNull();
    expect(getByText('Nothing here')).toBeTruthy();
  });
});
