import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientTranslation } from '../locales/en';
import { SwabVideo } from './SwabVideo';

/** A help topic: its texts are `help.topics.<key>` of the patient namespace. */
export type HelpTopic = keyof PatientTranslation['help']['topics'];

/** A topic's texts: paragraphs, then a bulleted list, then more paragraphs. */
interface TopicTexts {
  title: string;
  before?: readonly string[];
  list?: readonly string[];
  after?: readonly string[];
}

/** The element ids of each topic (the accordion's panels and the swab test's video description). */
const TOPIC_IDS: Record<HelpTopic, string> = {
  whatIsCovid: 'what-is-covid',
  symptoms: 'symptoms',
  protection: 'protection',
  swabTest: 'swab-test',
  understandingPcr: 'understanding-pcr',
  negative: 'negative',
  positive: 'positive',
  unclear: 'unclear',
};

const SWAB_STEPS_ID = 'swab-steps';

/** The patient help, in the order of spec 1 §2. */
export const PATIENT_TOPICS: HelpTopic[] = ['whatIsCovid', 'symptoms', 'protection', 'swabTest', 'understandingPcr', 'negative', 'positive', 'unclear'];

/** The manager help's three RT-PCR items. */
export const MANAGER_TOPICS: HelpTopic[] = ['understandingPcr', 'negative', 'positive'];

/** Each topic's id, title and content, in the interface language. */
export function useHelpTopics(topics: HelpTopic[]): { id: string; title: string; content: ReactNode }[] {
  const { t } = useTranslation('patient');
  const texts = t('help.topics', { returnObjects: true });
  const swabSteps = t('help.swabSteps', { returnObjects: true });
  return topics.map((topic) => {
    const { title, before = [], list = [], after = [] }: TopicTexts = texts[topic];
    return {
      id: TOPIC_IDS[topic],
      title,
      content: (
        <>
          {before.map((paragraph) => (
            <Paragraph key={paragraph}>{paragraph}</Paragraph>
          ))}
          {topic === 'swabTest' && (
            <>
              <SwabVideo stepsId={SWAB_STEPS_ID} />
              <Box component="ol" id={SWAB_STEPS_ID} sx={{ pl: 3, mt: 2 }}>
                {swabSteps.map((step) => (
                  <Typography component="li" key={step} sx={{ mb: 0.5 }}>
                    {step}
                  </Typography>
                ))}
              </Box>
            </>
          )}
          {list.length > 0 && (
            <Box component="ul" sx={{ pl: 3, my: 1 }}>
              {list.map((item) => (
                <Typography component="li" key={item} sx={{ mb: 0.5 }}>
                  {item}
                </Typography>
              ))}
            </Box>
          )}
          {after.map((paragraph) => (
            <Paragraph key={paragraph}>{paragraph}</Paragraph>
          ))}
        </>
      ),
    };
  });
}

function Paragraph({ children }: { children: string }) {
  return <Typography sx={{ mb: 1.5 }}>{children}</Typography>;
}
