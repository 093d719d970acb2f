import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppPath } from '../../../app/paths';
import { ToolPage } from '../ToolPage';
import { useCurrencyRates } from './api';
import { CurrencyConverter } from './CurrencyConverter';
import { formatRateDate } from './format';
import { RateTable } from './RateTable';
import './currency.css';

export function CurrencyConverterPage() {
  const { t } = useTranslation('tools');
  const rates = useCurrencyRates();
  const latest = rates.data?.reduce<Date | undefined>(
    (newest, rate) => (!newest || rate.updatedAt > newest ? rate.updatedAt : newest),
    undefined,
  );

  return (
    <ToolPage
      title={t('currency.page.title')}
      current={AppPath.currencyConverter}
      intro={t('currency.page.intro')}
    >
      <Alert
        className="tool-notice"
        type="info"
        showIcon
        title={t('currency.page.notLive')}
        description={
          latest
            ? t('currency.page.ratesAsOf', { date: formatRateDate(latest) })
            : t('currency.page.ownRate')
        }
      />
      {rates.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {rates.isError && (
        <Alert
          type="error"
          showIcon
          title={t('currency.page.loadFailed')}
          description={rates.error.message}
          action={
            <Button size="small" onClick={() => void rates.refetch()}>
              {t('currency.page.tryAgain')}
            </Button>
          }
        />
      )}
      {rates.data && rates.data.length === 0 && (
        <Alert type="warning" showIcon title={t('currency.page.noRates')} />
      )}
      {rates.data && rates.data.length > 0 && (
        <>
          <CurrencyConverter rates={rates.data} />
          <RateTable rates={rates.data} />
        </>
      )}
    </ToolPage>
  );
}
