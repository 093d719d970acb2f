import { useId, useState, type ReactNode } from 'react';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCardLayout } from './ReportTable';

export interface FilterFormProps {
  /** The accessible name of the filter form. */
  label: string;
  /** How many filters are set now: shown on the phone's Filters button. */
  active: number;
  className?: string;
  children: ReactNode;
}

/**
 * A report's filter form. On a wide screen it stands open above the results; on a phone (where
 * reports are cards) it folds behind one "Filters" button that says how many are set, so the
 * first screen shows results, not a column of fields (issue 23). Folded, the fields stay
 * mounted, so what is typed in them is kept.
 */
export function FilterForm({
  label,
  active,
  className = 'admin-filters',
  children,
}: FilterFormProps) {
  const { t } = useTranslation('admin-common');
  const phone = useCardLayout();
  const [open, setOpen] = useState(false);
  const id = useId();
  const form = (
    <Form
      layout="vertical"
      className={className}
      aria-label={label}
      id={id}
      hidden={phone && !open}
    >
      {children}
    </Form>
  );
  if (!phone) return form;
  return (
    <>
      <div className="filter-form__toggle">
        <Button aria-expanded={open} aria-controls={id} onClick={() => setOpen((was) => !was)}>
          {active ? t('filters.toggleSet', { count: active }) : t('filters.toggle')}
        </Button>
      </div>
      {form}
    </>
  );
}

/** How many of a filter's fields hold something (a page number or a sort is not a filter). */
export function countSet(values: readonly unknown[]): number {
  return values.filter((value) => value !== undefined && value !== null && value !== '').length;
}
