import { useEffect, useState } from 'react';
import { Image } from 'antd-mobile';
import { fetchPrivateFile } from '../../../lib/api/client';

/** An uploaded (private) image: fetched with the token and shown from a blob URL. */
export function PrivateImage({ path, alt, size = 44 }: { path: string; alt: string; size?: number }) {
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
  if (!path) return null;
  return <Image src={src ?? ''} alt={alt} width={size} height={size} fit="cover" lazy={false} className="tp-thumb" />;
}
