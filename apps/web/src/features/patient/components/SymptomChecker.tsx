import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADDITIONAL_SYMPTOM_IDS, CONTACT_IDS, MSG, NO_CONTACT, dashboardPath, hasMainSymptom, type SymptomResult } from '@vireo/contracts';
import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useToast } from '../../../components/toast/toastContext';
import { Wizard, useWizard } from '../../../components/wizard';
import { ApiError } from '../../../lib/api';
import { useCurrentSession } from '../../../lib/session';
import { useSubmitSymptoms } from '../api';
import { ORANGE, PINK } from '../../../components/resultColours';
import { useTranslation } from 'react-i18next';

type StepKey = 'main' | 'status' | 'additional' | 'contact' | 'result';
const MAIN = ['fever', 'cough', 'shortness_of_breath', 'loss_of_smell'] as const;
const STATUS = ['worsening', 'breathing_fast', 'coughing_blood'] as const;
type MainAnswers = Record<(typeof MAIN)[number], boolean>;
type StatusAnswers = Record<(typeof STATUS)[number], boolean>;

const NO_MAIN: MainAnswers = { fever: false, cough: false, shortness_of_breath: false, loss_of_smell: false };
const NO_STATUS: StatusAnswers = { worsening: false, breathing_fast: false, coughing_blood: false };

/** "No Contact" stands alone: ticking it clears the others, ticking another clears it, and none means No Contact. */
export function toggleContact(current: readonly number[], id: number): number[] {
  if (id === NO_CONTACT) return [NO_CONTACT];
  const next = current.includes(id) ? current.filter((c) => c !== id) : [...current.filter((c) => c !== NO_CONTACT), id];
  return next.length === 0 ? [NO_CONTACT] : next.sort((a, b) => a - b);
}

const toggle = (list: readonly number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id].sort((a, b) => a - b));

function Checklist({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {legend}
      </FormLabel>
      <FormGroup>{children}</FormGroup>
    </FormControl>
  );
}

const RESULT_COLOUR: Record<SymptomResult['code'], string | undefined> = { RED: PINK, ORANGE, GREEN: undefined };

interface Answers {
  main: MainAnswers;
  status: StatusAnswers;
  symptoms: number[];
  contacts: number[];
  travel: boolean;
}

const STEPS_WITH_STATUS: StepKey[] = ['main', 'status', 'additional', 'contact', 'result'];
const STEPS_WITHOUT_STATUS: StepKey[] = ['main', 'additional', 'contact', 'result'];

const NO_ANSWERS: Answers = { main: NO_MAIN, status: NO_STATUS, symptoms: [], contacts: [NO_CONTACT], travel: false };

/**
 * The five-step checker (spec 1 §2). Symptom Status appears only with a main symptom, and Back
 * skips it otherwise; Next on Social Contact submits, and the server decides the result. The step
 * is in the URL and the answers are kept for the session until the result arrives.
 */
export function SymptomChecker() {
  const { t } = useTranslation('patient');
  const additionalNames: Record<number, string> = t('symptoms.additional', { returnObjects: true });
  const contactNames: Record<number, string> = t('symptoms.contacts', { returnObjects: true });
  const session = useCurrentSession();
  const { showToast } = useToast();
  const submit = useSubmitSymptoms();
  const [result, setResult] = useState<SymptomResult | null>(null);
  const wizard = useWizard<Answers>({
    id: 'symptom-checker',
    steps: (values) =>
      (hasMainSymptom(values.main) ? STEPS_WITH_STATUS : STEPS_WITHOUT_STATUS).map((key) => ({ key, label: t(`symptoms.steps.${key}`), ...(key === 'result' ? { available: result !== null } : {}) })),
    defaultValues: NO_ANSWERS,
  });
  const { main, status, symptoms, contacts, travel } = useWatch({ control: wizard.form.control }) as Answers;
  const anyMain = hasMainSymptom(main);
  const set = <K extends keyof Answers>(key: K, value: Answers[K]) => wizard.form.setValue(key, value as never);
  const current = wizard.step.key as StepKey;

  const send = () => {
    submit.mutate(
      { contact_id: contacts, fever: main.fever, cough: main.cough, shortness_of_breath: main.shortness_of_breath, loss_of_smell: main.loss_of_smell, ...(anyMain ? status : NO_STATUS), high_risk_country: travel, symptoms },
      {
        onSuccess: (answer) => {
          wizard.forget();
          setResult(answer);
          wizard.goTo('result');
        },
        onError: (error) => showToast(error instanceof ApiError ? error.message : MSG.somethingWentWrong, 'error'),
      },
    );
  };

  const actions = (last = false) => (
    <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
      {current !== 'main' && (
        <Button onClick={wizard.back} disabled={submit.isPending}>
          {t('symptoms.back')}
        </Button>
      )}
      <Button variant="contained" onClick={last ? send : () => void wizard.next()} loading={last && submit.isPending}>
        {last ? t('symptoms.submit') : t('symptoms.next')}
      </Button>
    </Stack>
  );

  const content: Record<StepKey, ReactNode> = {
    main: (
      <>
        <Checklist legend={t('symptoms.mainQuestion')}>
          {MAIN.map((key) => (
            <FormControlLabel
              key={key}
              control={
                <Checkbox
                  checked={main[key]}
                  onChange={(event) => {
                    const next = { ...main, [key]: event.target.checked };
                    set('main', next);
                    if (!hasMainSymptom(next)) set('status', NO_STATUS);
                  }}
                />
              }
              label={t(`symptoms.main.${key}`)}
            />
          ))}
        </Checklist>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('symptoms.feverNote')}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('symptoms.breathNote')}
        </Typography>
        {actions()}
      </>
    ),
    status: (
      <>
        <Checklist legend={t('symptoms.statusQuestion')}>
          {STATUS.map((key) => (
            <FormControlLabel
              key={key}
              control={<Checkbox checked={status[key]} onChange={(event) => set('status', { ...status, [key]: event.target.checked })} />}
              label={t(`symptoms.status.${key}`)}
            />
          ))}
        </Checklist>
        {actions()}
      </>
    ),
    additional: (
      <>
        <Checklist legend={t('symptoms.additionalQuestion')}>
          {ADDITIONAL_SYMPTOM_IDS.map((id) => (
            <FormControlLabel key={id} control={<Checkbox checked={symptoms.includes(id)} onChange={() => set('symptoms', toggle(symptoms, id))} />} label={additionalNames[id]} />
          ))}
        </Checklist>
        {actions()}
      </>
    ),
    contact: (
      <>
        <Checklist legend={t('symptoms.contactQuestion')}>
          {CONTACT_IDS.map((id) => (
            <FormControlLabel key={id} control={<Checkbox checked={contacts.includes(id)} onChange={() => set('contacts', toggleContact(contacts, id))} />} label={contactNames[id]} />
          ))}
        </Checklist>
        <Box sx={{ mt: 2 }}>
          <FormControlLabel control={<Checkbox checked={travel} onChange={(event) => set('travel', event.target.checked)} />} label={t('symptoms.travel')} />
          <Link href={t('symptoms.riskListUrl')} target="_blank" rel="noopener noreferrer" sx={{ display: 'block', mt: 1 }}>
            {t('symptoms.riskList')}
          </Link>
        </Box>
        {actions(true)}
      </>
    ),
    result: result && (
      <Stack spacing={2}>
        <Typography role="status" sx={{ color: RESULT_COLOUR[result.code], fontWeight: 500 }}>
          {result.urgent ? `${t('symptoms.advice.redUrgent')} ${t(`symptoms.advice.${result.code}`)}` : t(`symptoms.advice.${result.code}`)}
        </Typography>
        <Stack direction="row" spacing={3}>
          <Link component={RouterLink} to="/patient/test-results">
            {t('symptoms.myResults')}
          </Link>
          <Link component={RouterLink} to={dashboardPath(session.role.name)}>
            {t('symptoms.backToHome')}
          </Link>
        </Stack>
      </Stack>
    ),
  };

  return (
    <Wizard wizard={wizard} orientation="vertical" finished={result !== null}>
      {content[current]}
    </Wizard>
  );
}
