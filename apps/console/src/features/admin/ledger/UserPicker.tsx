import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLedgerUserSearch } from './api';
import { useDebounced } from '../common/useDebounced';

/** How long typing must pause before the search asks the server (ms). */
export const USER_SEARCH_DEBOUNCE_MS = 300;

/**
 * Searches the caller's network by name, mobile or shop on the server (`/admin/users`, scoped
 * there: an admin or staff sees everyone, a distributor its downline), debounced; empty means
 * the caller's own. Used by the Ledger Report and the Day Book.
 */
export function UserPicker({
  id,
  placeholder,
  value,
  owner,
  onChange,
}: {
  id: string;
  placeholder: string;
  value: string | undefined;
  owner: { id: string; name: string; mobile: string } | undefined;
  onChange: (userId: string | undefined) => void;
}) {
  const { t } = useTranslation('ledger');
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed, USER_SEARCH_DEBOUNCE_MS);
  const found = useLedgerUserSearch(search, true);
  const options = (found.data ?? []).map((user) => ({
    value: user.id,
    label: `${user.name} · ${user.mobile}`,
  }));
  // The chosen user stays named after the search moves on (the address keeps only the id).
  if (value && owner?.id === value && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: `${owner.name} · ${owner.mobile}` });
  }
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: (text) => setTyped(text.trim()) }}
      allowClear
      placeholder={placeholder}
      value={value}
      options={options}
      loading={found.isFetching || typed !== search}
      notFoundContent={search.length < 2 ? t('picker.typeMore') : t('picker.noneFound')}
      onChange={(next?: string) => onChange(next || undefined)}
    />
  );
}
