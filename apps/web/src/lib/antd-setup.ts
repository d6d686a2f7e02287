import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type RootHolder = Element & { _tpRoot?: Root };

/**
 * antd-mobile 5 renders Toast, Dialog and Modal through ReactDOM.render, which React 19 removed:
 * without this they render nothing. Register a createRoot-based renderer once at start-up.
 */
export function setupAntdForReact19(): void {
  unstableSetRender((node, container) => {
    const holder = container as RootHolder;
    holder._tpRoot ??= createRoot(container);
    const root = holder._tpRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete holder._tpRoot;
    };
  });
}
