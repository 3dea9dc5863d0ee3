import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { paths } from '@web/config/paths.ts';
import { useDocumentTitle } from '@web/lib/use-document-title.ts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicFrame } from '../public-frame.tsx';
import { type Phone, PhoneForm } from './phone-form.tsx';

// The steps after the phone number load when the patient starts on the form, not with the page: the page then
// carries no forms library (issue #18, decision 1183).
const loadCodeForm = () => import('./code-form.tsx');
const loadPasswordForm = () => import('./password-form.tsx');
const CodeForm = lazy(() => loadCodeForm().then((m) => ({ default: m.CodeForm })));
const PasswordForm = lazy(() => loadPasswordForm().then((m) => ({ default: m.PasswordForm })));
const loadLaterSteps = () => {
  void loadCodeForm();
  void loadPasswordForm();
};

type Mode = { name: 'phone'; phone?: Phone } | { name: 'code'; phone: Phone } | { name: 'email' };

/** The patient's sign-in: by a code texted to the phone (no password to forget), or by e-mail and password. */
export function PatientLogin({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>({ name: 'phone' });
  useDocumentTitle(t('login.title'));
  const isEmail = mode.name === 'email';

  return (
    <PublicFrame>
      <section className="pa-card" aria-labelledby="pa-login-title" onFocus={loadLaterSteps}>
        <h1 id="pa-login-title" className="pa-title">
          {t('login.title')}
        </h1>
        <p className="pa-muted">{t('login.subtitle')}</p>
        <div className="pa-segmented">
          <button
            type="button"
            className="pa-segmented__option"
            aria-pressed={!isEmail}
            onClick={() => setMode({ name: 'phone' })}
          >
            {t('login.byPhone')}
          </button>
          <button
            type="button"
            className="pa-segmented__option"
            aria-pressed={isEmail}
            onClick={() => setMode({ name: 'email' })}
          >
            {t('login.byEmail')}
          </button>
        </div>
        {mode.name === 'phone' && (
          <PhoneForm initial={mode.phone} onSent={(phone) => setMode({ name: 'code', phone })} />
        )}
        <Suspense fallback={<SkeletonList rows={2} label={t('common.loading')} />}>
          {mode.name === 'code' && (
            <CodeForm
              phone={mode.phone}
              onSignedIn={onSignedIn}
              onChangeNumber={() => setMode({ name: 'phone', phone: mode.phone })}
            />
          )}
          {isEmail && <PasswordForm onSignedIn={onSignedIn} />}
        </Suspense>
      </section>
      <p className="pa-login__staff">
        <Link to={paths.login.getHref()}>{t('login.staffLink')}</Link>
      </p>
    </PublicFrame>
  );
}
