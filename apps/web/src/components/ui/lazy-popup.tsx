import { useEffect, useState } from 'react';
import { Popup, type PopupProps } from 'antd-mobile';

/**
 * antd's Popup, mounted only from its first open on. A mounted Popup runs its spring, drag and
 * scroll-lock set-up even while closed: the closed symbol drawer alone was one of the longest
 * tasks of the trade screen's load (about 60 ms on a phone 4x slower than this machine), for a
 * drawer most visits never open. The first open mounts the popup closed and opens it one commit
 * later, so it still slides in; after that it stays mounted and closes with its own animation.
 */
export function LazyPopup({ visible = false, ...props }: PopupProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (visible) setMounted(true);
  }, [visible]);
  if (!mounted && !visible) return null;
  return <Popup {...props} visible={mounted && visible} />;
}
