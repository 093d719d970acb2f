import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkCoordinates } from '@khata/domain';
import { mapsSearchUrl } from './maps';

export interface OpenInMapsProps {
  latitude: string | undefined;
  longitude: string | undefined;
  /** Show the alert at once: the page was opened for a location it does not have. */
  warnAtOnce?: boolean;
}

/**
 * Opens the maps search for the coordinates in a new tab. Without both coordinates (or with
 * the string 'null') it shows the spec's alert instead (spec §5, "Maps").
 */
export function OpenInMaps({ latitude, longitude, warnAtOnce = false }: OpenInMapsProps) {
  const { t } = useTranslation('tools');
  const [asked, setAsked] = useState(warnAtOnce);
  const check = checkCoordinates(latitude, longitude);
  return (
    <>
      {check.ok ? (
        <Button
          size="large"
          href={mapsSearchUrl(check.value)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('geo.openInMaps')}
        </Button>
      ) : (
        <Button size="large" onClick={() => setAsked(true)}>
          {t('geo.openInMaps')}
        </Button>
      )}
      {!check.ok && asked && (
        <Alert className="geo-alert" type="warning" showIcon title={check.message} />
      )}
    </>
  );
}
