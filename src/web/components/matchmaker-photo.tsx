import { initials } from '../../shared/format';
import { cn } from '../lib/cn';

interface MatchmakerPhotoProps {
  name: string;
  url: string | null;
  /** Rendered size in CSS pixels (the image is square). */
  size: number;
  /** Empty when the name is written next to the photo. */
  alt?: string;
  /** Above the fold: load at once and with high priority. */
  isPriority?: boolean;
  className?: string;
}

/** A matchmaker's photo, or a placeholder with their initials when there is none. */
export function MatchmakerPhoto({
  name,
  url,
  size,
  alt = '',
  isPriority = false,
  className,
}: MatchmakerPhotoProps) {
  const shape = cn('shrink-0 rounded-full', className);
  if (!url) {
    const style = { width: size, height: size, fontSize: Math.round(size * 0.36) };
    const placeholder = cn(
      shape,
      'flex items-center justify-center bg-brand-100 font-serif font-bold text-brand-800',
    );
    if (!alt) {
      return (
        <span aria-hidden="true" style={style} className={placeholder}>
          {initials(name)}
        </span>
      );
    }
    return (
      <span role="img" aria-label={alt} style={style} className={placeholder}>
        {initials(name)}
      </span>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      loading={isPriority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={isPriority ? 'high' : undefined}
      style={{ width: size, height: size }}
      className={cn(shape, 'bg-brand-50 object-cover')}
    />
  );
}
