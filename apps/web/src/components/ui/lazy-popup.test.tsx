import { act, render, screen } from '@testing-library/react';
import type { PopupProps } from 'antd-mobile';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyPopup } from './lazy-popup';

// antd's Popup, counted: each render of it and the `visible` it got.
const renders = vi.hoisted(() => [] as boolean[]);
vi.mock('antd-mobile', async (importOriginal) => {
  const antd = await importOriginal<typeof import('antd-mobile')>();
  const Real = antd.Popup;
  return {
    ...antd,
    Popup: (props: PopupProps) => {
      renders.push(props.visible ?? false);
      return <Real {...props} />;
    },
  };
});

beforeEach(() => {
  renders.length = 0;
});

function Sheet({ open }: { open: boolean }) {
  return (
    <LazyPopup visible={open}>
      <span data-testid="inside">body</span>
    </LazyPopup>
  );
}

describe('LazyPopup', () => {
  it('renders no popup at all while it has never been open', () => {
    const { rerender } = render(<Sheet open={false} />);
    rerender(<Sheet open={false} />);
    expect(renders).toEqual([]);
    expect(screen.queryByTestId('inside')).toBeNull();
  });

  it('on its first open mounts the popup closed and opens it a commit later (so it slides in), and keeps it once closed', () => {
    const { rerender } = render(<Sheet open={false} />);
    act(() => rerender(<Sheet open />));
    expect(renders[0]).toBe(false);
    expect(renders.at(-1)).toBe(true);
    expect(screen.getByTestId('inside')).toBeTruthy();
    act(() => rerender(<Sheet open={false} />));
    expect(renders.at(-1)).toBe(false);
    expect(document.querySelectorAll('.adm-popup')).toHaveLength(1);
  });

  it('open from its first render, it is still mounted closed and opened a commit later', () => {
    render(<Sheet open />);
    expect(renders[0]).toBe(false);
    expect(renders.at(-1)).toBe(true);
  });
});
