import '../market.css';
import { memo } from 'react';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

interface StarButtonProps {
  id: number;
  /** The symbol's name, for the button's label. */
  name: string;
  starred: boolean;
  onToggle: (id: number) => void;
  className?: string;
}

/** Adds a symbol to the watchlist or takes it off; a filled star marks a starred symbol. */
export const StarButton = memo(function StarButton({ id, name, starred, onToggle, className }: StarButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`tp-star${starred ? ' is-starred' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => onToggle(id)}
      aria-label={t(starred ? 'market.unwatch' : 'market.watch', { name })}
      data-testid="star-button"
      data-starred={starred ? '1' : '0'}
    >
      {starred ? <StarFill /> : <StarOutline />}
    </button>
  );
});
