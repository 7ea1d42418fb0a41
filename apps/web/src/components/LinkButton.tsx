import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

/**
 * An antd button that is a real link: it renders `<a href>` (open in new tab, copy address) and
 * navigates inside the app on a plain click.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const href = useHref(to);
  const onLinkClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button
      {...props}
      href={href}
      onClick={(e: MouseEvent<HTMLElement>) => onLinkClick(e as MouseEvent<HTMLAnchorElement>)}
    />
  );
}
