import { Alert, Button, Skeleton } from 'antd';
import { AppPath } from '../../../app/paths';
import { ToolPage } from '../ToolPage';
import { useCurrencyRates } from './api';
import { CurrencyConverter } from './CurrencyConverter';
import { formatRateDate } from './format';
import { RateTable } from './RateTable';
import './currency.css';

export function CurrencyConverterPage() {
  const rates = useCurrencyRates();
  const latest = rates.data?.reduce<Date | undefined>(
    (newest, rate) => (!newest || rate.updatedAt > newest ? rate.updatedAt : newest),
    undefined,
  );

  return (
    <ToolPage
      title="Currency converter"
      current={AppPath.currencyConverter}
      intro="Rupees to and from the currencies your customers ask about most: a remittance from the Gulf, a tourist's dollars, a supplier's invoice in yuan."
    >
      <Alert
        className="tool-notice"
        type="info"
        showIcon
        title="No live feed is connected: these rates are set by Khata's admins."
        description={
          latest
            ? `Rates as of ${formatRateDate(latest)}. Your bank or money changer quotes its own rate, with its margin and fees.`
            : 'Your bank or money changer quotes its own rate, with its margin and fees.'
        }
      />
      {rates.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {rates.isError && (
        <Alert
          type="error"
          showIcon
          title="The rate table could not be loaded."
          description={rates.error.message}
          action={
            <Button size="small" onClick={() => void rates.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {rates.data && rates.data.length === 0 && (
        <Alert
          type="warning"
          showIcon
          title="No rates have been set yet. Please check back soon."
        />
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
