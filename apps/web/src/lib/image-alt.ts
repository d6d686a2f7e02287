import { useEffect, type RefObject } from 'react';

/**
 * Gives every picture inside `ref` the text `alt`. antd-mobile's ImageUploader shows the chosen
 * image without an alt text and has no way to pass one; a screen reader would read the blob
 * address instead. Its previews come and go as images are chosen, hence the observer.
 */
export function useImageAlt(ref: RefObject<HTMLElement | null>, alt: string): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const name = () => {
      for (const img of root.querySelectorAll('img')) if (img.alt !== alt) img.alt = alt;
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref, alt]);
}
