import '@web/features/patient-app/i18n/app-strings.ts';
import {
  acceptInstallOffer,
  canOfferInstall,
  captureInstallPrompt,
  declineInstallOffer,
  installState,
  linkAppManifest,
  onInstallStateChange,
} from '@web/features/patient-app/lib/installable-app.ts';
import { useOnline } from '@web/features/patient-app/lib/use-online.ts';
import { usePatientWorker } from '@web/features/patient-app/lib/use-patient-worker.ts';
import { Download, WifiOff, X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What the patient's frame says about the app itself (decision 1355): that the phone is offline, that a new version is
 * ready, and, where the browser offers it, that the app can be installed. The status line is always in the page, so a
 * screen reader announces the offline notice when it appears.
 */
export function AppNotices() {
  const { t } = useTranslation();
  const isOnline = useOnline();
  const { hasUpdate, reload } = usePatientWorker();
  const offersInstall = canOfferInstall(useSyncExternalStore(onInstallStateChange, installState, installState));
  // The app's manifest is linked here, so the browser's install offer always comes after the listener for it.
  useEffect(() => {
    linkAppManifest();
    captureInstallPrompt();
  }, []);

  return (
    <>
      <div role="status" className="pa-notices">
        {!isOnline && (
          <p className="pa-notice pa-notice--offline">
            <WifiOff size={22} aria-hidden="true" />
            <span>{t('app.offline')}</span>
          </p>
        )}
        {hasUpdate && (
          <p className="pa-notice">
            <span>{t('app.updateReady')}</span>
            <button type="button" className="btn btn--secondary pa-notice__action" onClick={reload}>
              {t('app.reload')}
            </button>
          </p>
        )}
      </div>
      {offersInstall && (
        <div className="pa-notice pa-notice--install">
          <button
            type="button"
            className="btn btn--primary pa-notice__action"
            onClick={() => void acceptInstallOffer()}
          >
            <Download size={20} aria-hidden="true" />
            {t('app.install')}
          </button>
          <button
            type="button"
            className="pa-icon-button"
            onClick={declineInstallOffer}
            aria-label={t('app.installNotNow')}
            title={t('app.installNotNow')}
          >
            <X size={22} aria-hidden="true" />
          </button>
        </div>
      )}
    </>
  );
}
