import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import './button.css';

type ButtonLinkProps = LinkProps & {
  variant?: 'primary' | 'secondary' | 'ghost';
  size?: 'sm' | 'md' | 'lg';
  isFullWidth?: boolean;
  icon?: ReactNode;
};

/** Navigation that looks like a button; it stays a link for assistive technology. */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  isFullWidth,
  icon,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  const classes = ['btn', `btn--${variant}`, `btn--${size}`, isFullWidth && 'btn--full', className]
    .filter(Boolean)
    .join(' ');
  return (
    <Link className={classes} {...rest}>
      {icon}
      {children}
    </Link>
  );
}
