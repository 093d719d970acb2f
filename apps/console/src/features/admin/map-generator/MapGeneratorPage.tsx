import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { App, Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkCoordinates, type MapPointRecord, type MapPointsAnswer } from '@khata/domain';
import { api } from '../../../api/client';
import { formatCount } from '../../../i18n/format';
import { mapsSearchUrl } from '../../tools';
import { formatDateTime } from '../common/dates';
import type { ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { SearchedUsersPage, type UserSearch } from '../common/SearchedUsersPage';
import { roleColor, roleLabel } from '../network/labels';

function useMapPoints(filter: UserSearch) {
  return useQuery({
    queryKey: ['map-points', filter],
    queryFn: () =>
      api.post<MapPointsAnswer>('/admin/mapPoints', {
        q: filter.q || undefined,
        page: filter.page,
        pageSize: filter.pageSize,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Issue 14, Map Generator (/admin/mapGenerator, spec §6): the users and shops the caller sees
 * with their last known coordinates; each opens the external maps search in a new tab (spec
 * §7), or says the coordinates are not available (spec §5).
 */
export function MapGeneratorPage() {
  return (
    <RequireMenuItem item="mapGenerator">
      <MapGenerator />
    </RequireMenuItem>
  );
}

function OpenMap({ point }: { point: MapPointRecord }) {
  const { t } = useTranslation('map-generator');
  const { modal } = App.useApp();
  const place = checkCoordinates(point.latitude, point.longitude);
  const label = t('openMap.label', { name: point.name });
  if (place.ok) {
    return (
      <Button
        size="small"
        href={mapsSearchUrl(place.value)}
        target="_blank"
        rel="noreferrer"
        aria-label={label}
      >
        {t('openMap.button')}
      </Button>
    );
  }
  return (
    <Button
      size="small"
      aria-label={label}
      onClick={() => void modal.warning({ title: place.message, okText: t('openMap.ok') })}
    >
      {t('openMap.button')}
    </Button>
  );
}

function MapGenerator() {
  const { t } = useTranslation('map-generator');
  const columns = useMemo<ReportColumn<MapPointRecord>[]>(
    () => [
      {
        key: 'user',
        title: t('columns.user'),
        cardLabel: null,
        hideOnCard: true,
        render: (point) => (
          <>
            {point.name}
            <span className="report-table__sub">{point.mobile}</span>
          </>
        ),
      },
      {
        key: 'shop',
        title: t('columns.shop'),
        render: (point) =>
          point.shopName ? `${point.shopName}${point.city ? `, ${point.city}` : ''}` : '—',
      },
      {
        key: 'role',
        title: t('columns.role'),
        render: (point) => <Tag color={roleColor(point.role)}>{roleLabel(point.role, t)}</Tag>,
      },
      {
        key: 'location',
        title: t('columns.location'),
        render: (point) => {
          const place = checkCoordinates(point.latitude, point.longitude);
          if (!place.ok) return t('notAvailable');
          return (
            <>
              {place.value.latitude}, {place.value.longitude}
              <span className="report-table__sub">{formatDateTime(point.locatedAt)}</span>
            </>
          );
        },
      },
      { key: 'map', title: '', cardLabel: null, render: (point) => <OpenMap point={point} /> },
    ],
    [t],
  );
  return (
    <SearchedUsersPage<MapPointRecord>
      title={t('title')}
      intro={t('intro')}
      searchLabel={t('searchLabel')}
      label={t('listLabel')}
      emptyText={t('empty')}
      countText={(total) => t('count', { count: total, total: formatCount(total) })}
      columns={columns}
      useUsers={useMapPoints}
    />
  );
}
