import { type ImgHTMLAttributes, useState } from 'react';
import defaultImage from '../assets/image-fallback.svg';

/** An image that shows the default image when its own fails to load, or has no address (§8). */
export function ImageWithFallback({
  src,
  fallback = defaultImage,
  alt,
  onError,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { fallback?: string }) {
  // Remembering which address failed lets a new `src` try again without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showFallback = !src || failedSrc === src;
  return (
    <img
      {...rest}
      alt={alt ?? ''}
      src={showFallback ? fallback : src}
      data-fallback={showFallback ? 'true' : undefined}
      onError={(e) => {
        if (src && !showFallback) setFailedSrc(src);
        onError?.(e);
      }}
    />
  );
}
