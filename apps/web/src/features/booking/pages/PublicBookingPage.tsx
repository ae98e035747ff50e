import Alert from '@mui/material/Alert';
import { BOOKING_MSG, isServiceName } from '@vireo/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useServices } from '../api';
import { PublicBookingWizard } from '../components/PublicBookingWizard';
import { PublicPage } from '../components/PublicPage';
import { useBookingT, type BookingLanguage } from '../texts';

const optional = (value: string | null) => (value && value.trim() !== '' ? value : undefined);

/**
 * /book?service=…&group=…&user=…&token=… — the public booking wizard (spec 2 §2.5). The page
 * speaks the service's language (German for the euro service) until the visitor switches.
 */
export function PublicBookingPage() {
  const [params] = useSearchParams();
  const serviceName = optional(params.get('service'));
  const services = useServices({ publicPage: true });
  const [chosenLanguage, setChosenLanguage] = useState<BookingLanguage | null>(null);
  const service = services.data?.services.find((s) => s.service === serviceName && s.public);
  const language = chosenLanguage ?? service?.language ?? 'EN';
  const { t, messageText } = useBookingT(language);

  const body = () => {
    if (!serviceName || !isServiceName(serviceName)) return <Alert severity="error">{t('missingService')}</Alert>;
    if (services.isPending) return <PageLoader />;
    if (services.isError) return <Alert severity="error">{messageText(services.error.message)}</Alert>;
    if (!service) return <Alert severity="error">{messageText(BOOKING_MSG.serviceNotBookable)}</Alert>;
    return <PublicBookingWizard storageId={`book:${service.service}`} service={service} group={optional(params.get('group'))} user={optional(params.get('user'))} token={optional(params.get('token'))} />;
  };

  return (
    <PublicPage language={language} onLanguageChange={setChosenLanguage} heading={service ? `${t('headings.public')}: ${service.label}` : t('headings.public')}>
      {body()}
    </PublicPage>
  );
}
