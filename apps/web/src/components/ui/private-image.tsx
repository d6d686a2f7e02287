import { useEffect, useState } from 'react';
import { Image, ImageViewer } from 'antd-mobile';
import { fetchPrivateFile } from '../../lib/api/client';

/**
 * An uploaded (private) file as a blob URL: fetched with the token, freed when the path changes
 * or the component goes; null until it has arrived (or when it cannot be read).
 */
export function usePrivateFileUrl(path: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return;
    const ctrl = new AbortController();
    let url: string | null = null;
    fetchPrivateFile(path, ctrl.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => {
      ctrl.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return src;
}

/** An uploaded (private) image: fetched with the token and shown from a blob URL. */
/** `preview`: a tap shows it full screen. */
export function PrivateImage({ path, alt, size = 44, preview, testId }: { path: string; alt: string; size?: number; preview?: boolean; testId?: string }) {
  const src = usePrivateFileUrl(path);
  if (!path) return null;
  const image = <Image src={src ?? ''} alt={alt} width={size} height={size} fit="cover" lazy={false} className="tp-thumb" />;
  if (!preview) return image;
  return (
    <button type="button" className="tp-thumb-button" aria-label={alt} data-testid={testId} data-loaded={src ? 1 : 0} disabled={!src} onClick={() => src && ImageViewer.show({ image: src })}>
      {image}
    </button>
  );
}
