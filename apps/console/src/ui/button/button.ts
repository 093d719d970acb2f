import './button.css';

export interface ButtonLook {
  /** antd's button types that the public pages use. */
  variant?: 'primary' | 'default' | 'text';
  size?: 'middle' | 'large';
  block?: boolean;
  /** Shown as busy and not clickable, like antd's `loading`. */
  loading?: boolean;
  className?: string;
}

/**
 * The class names of a plain button or link that looks like antd's button. The public first
 * load carries no antd (docs/performance.md, "Console first load"), so the shell, the home
 * page and the call-back box draw their buttons with these.
 */
export function buttonClassName({
  variant = 'default',
  size = 'middle',
  block = false,
  loading = false,
  className,
}: ButtonLook = {}): string {
  return [
    'khata-button',
    `khata-button--${variant}`,
    size === 'large' && 'khata-button--large',
    block && 'khata-button--block',
    loading && 'khata-button--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}
