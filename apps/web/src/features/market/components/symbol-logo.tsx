import '../market.css';
import { memo, useState } from 'react';
import { assetUrl } from '../../../lib/api/client';

/**
 * A symbol's logo from the server; its first letter when the image is missing. Memoised: the
 * market rows around it re-render on every quote tick, and its own props never change with one.
 */
export const SymbolLogo = memo(function SymbolLogo({ src, code, size = 32 }: { src: string; code: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  const url = assetUrl(src);
  if (!url || broken) {
    return (
      <span className="tp-sym-logo tp-sym-logo-letter" style={{ width: size, height: size, fontSize: size * 0.45 }} aria-hidden="true">
        {code.slice(0, 1)}
      </span>
    );
  }
  return <img className="tp-sym-logo" src={url} width={size} height={size} alt="" aria-hidden="true" loading="lazy" onError={() => setBroken(true)} />;
});
