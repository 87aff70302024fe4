/**
 * /validation?token=…: where e-mailed links land (DESIGN §3). Checks the token (GET /api/token/check),
 * stores the record and forwards to /application/<stepReached>?token=… (or /details/… for a details
 * token; /decision?token=… once the application is decided); TKN-002 → invalid-application, other
 * failures → invalid-token. The page then speaks the language the application was started in, unless
 * this device's `locale` cookie chose one (issue 11).
 */
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useApplication } from '../application/ApplicationContext';
import { applicationPath, pathFor } from '../../app/route-names';
import { stepFromValue } from '../application/steps/step-config';
import { useTokenCheck } from './useTokenCheck';

/** Validation page. */
export default function ValidationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { setLoaded } = useApplication();

  useTokenCheck(params.get('token'), (answer, token) => {
    if (answer.data.status === 'decided') {
      // a decided application's link opens its checklist and (once released) the decision letter (issue 15)
      void navigate(`${pathFor('decision')}?token=${encodeURIComponent(token)}`, { replace: true });
      return;
    }
    setLoaded(answer.data, token);
    const base = answer.purpose === 'details' ? 'details' : 'application';
    const step = base === 'details' ? 1 : (stepFromValue(answer.data.stepReached) ?? 1);
    void navigate(applicationPath(step, token, base), { replace: true });
  });

  return (
    <p className="loading" role="status">
      {t('validation_page.checking')}
    </p>
  );
}
