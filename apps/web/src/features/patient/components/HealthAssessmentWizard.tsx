import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AboutYouStep, ConditionChoice, HEIGHT_MAX_CM, HEIGHT_MIN_CM, HEALTH_SEXES, WEIGHT_MAX_KG, WEIGHT_MIN_KG, conditionCodesOf, dashboardPath, type HealthAssessmentInput } from '@vireo/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { Wizard, useWizard } from '../../../components/wizard';
import { useToast } from '../../../components/toast/toastContext';
import { useCurrentSession } from '../../../lib/session';
import { useSubmitAssessment } from '../api';
import { ConditionChecklist } from './ConditionChecklist';
import { RiskResult } from './RiskResult';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/messageText';

/** One form across the steps: step 0 is the contract's AboutYouStep, steps 1 and 2 a ConditionChoice each. */
const WizardSchema = AboutYouStep.extend({ health: ConditionChoice, family: ConditionChoice });
type WizardValues = z.input<typeof WizardSchema>;

const STEP_SCHEMAS = [AboutYouStep, z.object({ health: ConditionChoice }), z.object({ family: ConditionChoice }), undefined] as const;
const STEP_KEYS = ['about-you', 'your-health', 'family-health', 'result'] as const;

const ABOUT_YOU_FIELDS = ['sex', 'height', 'weight', 'smoking'] as const;
const RESULT_STEP = 3;

function NumberInput({ control, name, label, min, max }: { control: Control<WizardValues>; name: 'height' | 'weight'; label: string; min: number; max: number }) {
  const messageText = useMessageText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type="number"
          required
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.target.value === '' ? undefined : Number(event.target.value))}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? messageText(fieldState.error.message) : ' '}
          slotProps={{ htmlInput: { min, max, step: 'any', inputMode: 'decimal' } }}
          sx={{ maxWidth: 240 }}
        />
      )}
    />
  );
}

function AboutYou({ control }: { control: Control<WizardValues> }) {
  const { t } = useTranslation('patient');
  const messageText = useMessageText();
  return (
    <Stack spacing={3}>
      <Controller
        control={control}
        name="sex"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)} required>
            <FormLabel id="sex-label">{t('health.sex')}</FormLabel>
            <RadioGroup row aria-labelledby="sex-label" name={field.name} value={field.value ?? ''} onChange={(_event, value) => field.onChange(value)}>
              {HEALTH_SEXES.map((sex) => (
                <FormControlLabel key={sex} value={sex} control={<Radio />} label={sex === 'Female' ? t('health.female') : t('health.male')} />
              ))}
            </RadioGroup>
            <FormHelperText>{fieldState.error?.message ? messageText(fieldState.error.message) : ' '}</FormHelperText>
          </FormControl>
        )}
      />
      <NumberInput control={control} name="height" label={t('health.height')} min={HEIGHT_MIN_CM} max={HEIGHT_MAX_CM} />
      <NumberInput control={control} name="weight" label={t('health.weight')} min={WEIGHT_MIN_KG} max={WEIGHT_MAX_KG} />
      <Controller
        control={control}
        name="smoking"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)} required>
            <FormLabel id="smoking-label">{t('health.smoking')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="smoking-label"
              name={field.name}
              value={field.value === undefined ? '' : field.value ? 'yes' : 'no'}
              onChange={(_event, value) => field.onChange(value === 'yes')}
            >
              <FormControlLabel value="yes" control={<Radio />} label={t('health.yes')} />
              <FormControlLabel value="no" control={<Radio />} label={t('health.no')} />
            </RadioGroup>
            <FormHelperText>{fieldState.error?.message ? messageText(fieldState.error.message) : ' '}</FormHelperText>
          </FormControl>
        )}
      />
    </Stack>
  );
}

/**
 * The four-step health wizard (spec 1 §4): Next is disabled until the step is answered; reaching
 * Result submits the assessment once, automatically (a reload on Result as well); Back goes one
 * step. The step is in the URL and the answers are kept for the session.
 */
export function HealthAssessmentWizard() {
  const { t } = useTranslation('patient');
  const session = useCurrentSession();
  const { showToast } = useToast();
  const messageText = useMessageText();
  const submit = useSubmitAssessment();
  const stepLabels = t('health.steps', { returnObjects: true });
  const steps = useMemo(() => STEP_KEYS.map((key, index) => ({ key, label: stepLabels[index]!, schema: STEP_SCHEMAS[index] })), [stepLabels]);
  const [submitted, setSubmitted] = useState<HealthAssessmentInput | null>(null);
  const submittedOnce = useRef(false);
  const wizard = useWizard<WizardValues>({ id: 'health-assessment', steps, defaultValues: { health: [], family: [] } });
  const { index: step, form } = wizard;
  const { control, getValues } = form;
  const values = useWatch({ control });

  const answered = [
    ABOUT_YOU_FIELDS.every((field) => values[field] !== undefined),
    (values.health?.length ?? 0) > 0,
    (values.family?.length ?? 0) > 0,
  ];

  const send = useCallback(() => {
    const all = WizardSchema.parse(getValues());
    const input: HealthAssessmentInput = {
      sex: all.sex,
      height: all.height,
      weight: all.weight,
      smoking: all.smoking,
      health_conditions: conditionCodesOf(all.health),
      family_health_conditions: conditionCodesOf(all.family),
    };
    submit.mutate(input, {
      onSuccess: () => {
        wizard.forget();
        setSubmitted(input);
      },
      onError: () => showToast(t('health.failed'), 'error'),
    });
  }, [getValues, submit, wizard, showToast, t]);

  // Reaching Result sends the assessment, the first time only.
  useEffect(() => {
    if (step !== RESULT_STEP || submittedOnce.current) return;
    submittedOnce.current = true;
    send();
  }, [step, send]);

  return (
    <Wizard wizard={wizard} finished={submitted !== null}>
      <Stack spacing={3}>
        {step === 0 && <AboutYou control={control} />}
        {(step === 1 || step === 2) && (
          <Controller
            key={step}
            control={control}
            name={step === 1 ? 'health' : 'family'}
            render={({ field, fieldState }) => (
              <ConditionChecklist
                legend={step === 1 ? t('health.ownQuestion') : t('health.familyQuestion')}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message === undefined ? undefined : messageText(fieldState.error.message)}
              />
            )}
          />
        )}
        {step === RESULT_STEP && (
          <Stack spacing={2}>
            {submit.isPending && (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <CircularProgress size={24} aria-hidden />
                <span role="status">{t('health.submitting')}</span>
              </Stack>
            )}
            {submitted && <RiskResult assessment={submitted} />}
            {submit.isError && (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={send}>
                    {t('health.retry')}
                  </Button>
                }
              >
                {t('health.failed')}
              </Alert>
            )}
          </Stack>
        )}

        <Stack direction="row" spacing={2}>
          {step > 0 && !submitted && (
            <Button onClick={wizard.back} disabled={submit.isPending}>
              {t('health.back')}
            </Button>
          )}
          {step < RESULT_STEP && (
            <Button variant="contained" onClick={() => void wizard.next()} disabled={!answered[step]}>
              {t('health.next')}
            </Button>
          )}
          {submitted && (
            <Link component={RouterLink} to={dashboardPath(session.role.name)}>
              {t('health.backToHome')}
            </Link>
          )}
        </Stack>
      </Stack>
    </Wizard>
  );
}
