import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../lib/config';
import { SwabVideo } from './SwabVideo';

export const helpTitle = () => `${PRODUCT_NAME} Help`;

export interface HelpTopic {
  id: string;
  title: string;
  content: ReactNode;
}

function List({ items }: { items: ReactNode[] }) {
  return (
    <Box component="ul" sx={{ pl: 3, my: 1 }}>
      {items.map((item, index) => (
        <Typography component="li" key={index} sx={{ mb: 0.5 }}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

const P = ({ children }: { children: ReactNode }) => <Typography sx={{ mb: 1.5 }}>{children}</Typography>;

/** The swab steps, also spoken by the video's title cards, for people who cannot watch it. */
export const SWAB_STEPS = [
  'Clean your hands: wash them with soap and water for 20 seconds, or use hand sanitiser.',
  'Blow your nose into a tissue and put it in a bin. Clean your hands again.',
  'Set out your kit on a clean surface: the swab, the tube and the bag. Open the tube and stand it upright. Do not touch the soft tip of the swab.',
  'Open your mouth wide and rub the swab over both tonsils (or where they were) 4 times, for about 10 seconds. Avoid your teeth, tongue and gums.',
  'Put the same swab about 2.5 cm (1 inch) into one nostril and roll it slowly for 10 to 15 seconds.',
  'Put the swab into the tube, soft tip first. Snap the stick and screw the lid on tightly.',
  'Put the tube in the bag and seal it, then return it as your kit instructions say. Clean your hands.',
];

/** UK guidance of the time (NHS and GOV.UK, 2020–21), as the help page's accordion gives it. */
export const HELP_TOPICS = {
  whatIsCovid: {
    id: 'what-is-covid',
    title: 'What is COVID-19?',
    content: (
      <>
        <P>
          COVID-19 is the illness caused by a coronavirus called SARS-CoV-2, first identified in December 2019. It spreads from person to person mainly
          through droplets and smaller particles released when an infected person breathes, speaks, coughs or sneezes, and by touching surfaces these land
          on.
        </P>
        <P>
          Most people have a mild to moderate illness and recover at home. Some become seriously ill, especially older people and people with conditions
          such as heart or lung disease, diabetes or a weakened immune system. People can pass the virus on before they have symptoms, or without ever
          having symptoms.
        </P>
      </>
    ),
  },
  symptoms: {
    id: 'symptoms',
    title: 'What are the symptoms?',
    content: (
      <>
        <P>The main symptoms of COVID-19 are:</P>
        <List
          items={[
            'a high temperature: you feel hot to touch on your chest or back (you do not need to measure your temperature)',
            'a new, continuous cough: coughing a lot for more than an hour, or 3 or more coughing episodes in 24 hours',
            'shortness of breath that is new or worse than usual',
            'a loss or change to your sense of smell or taste',
          ]}
        />
        <P>
          If you have any of these, self-isolate straight away and get a test. Other symptoms include tiredness, aching muscles, chills, headache, sore
          throat, diarrhoea and feeling sick. Use the symptom checker every day to keep track.
        </P>
        <P>
          Use NHS 111 online, or call 111, if you feel you cannot cope with your symptoms at home, your condition gets worse, or your symptoms do not get
          better after 7 days. Call 999 in a medical emergency, for example if you are struggling to breathe or coughing up blood.
        </P>
      </>
    ),
  },
  protection: {
    id: 'protection',
    title: 'How can I protect myself and others?',
    content: (
      <List
        items={[
          'Wash your hands with soap and water for at least 20 seconds, often, or use hand sanitiser when you cannot.',
          'Wear a face covering in shops, on public transport and in other enclosed places where you meet people you do not normally meet.',
          'Keep your distance: 2 metres from people you do not live with where you can, or 1 metre with extra precautions such as a face covering.',
          'Let fresh air in when you meet people indoors, and meet outdoors when you can.',
          'Cover your mouth and nose with a tissue when you cough or sneeze, put the tissue in a bin and wash your hands.',
          'Take up the COVID-19 vaccine when you are offered it.',
          'If you have symptoms, stay at home and get a test.',
        ]}
      />
    ),
  },
  swabTest: {
    id: 'swab-test',
    title: 'How do I take a swab test?',
    content: (
      <>
        <P>Watch the video, then follow the steps. Take your time: a good sample gives a reliable result.</P>
        <SwabVideo stepsId="swab-steps" />
        <Box component="ol" id="swab-steps" sx={{ pl: 3, mt: 2 }}>
          {SWAB_STEPS.map((step) => (
            <Typography component="li" key={step} sx={{ mb: 0.5 }}>
              {step}
            </Typography>
          ))}
        </Box>
        <P>If you feel unwell while you take the test, stop and call NHS 111. In an emergency, call 999.</P>
      </>
    ),
  },
  understandingPcr: {
    id: 'understanding-pcr',
    title: 'Understanding your RT-PCR test result',
    content: (
      <>
        <P>
          An RT-PCR test looks in a laboratory for the genetic material of the virus in your swab sample. It is the most reliable test for COVID-19.
          Results usually arrive within 24 to 72 hours of the laboratory receiving your sample.
        </P>
        <List
          items={[
            'Positive: the virus was found in your sample. You have COVID-19.',
            'Negative: the virus was not found. You probably did not have COVID-19 when the sample was taken.',
            'Unclear (inconclusive): the laboratory could not tell from your sample. You need another test.',
          ]}
        />
        <P>A negative result only covers the moment the sample was taken. If you get symptoms later, get another test.</P>
      </>
    ),
  },
  negative: {
    id: 'negative',
    title: 'What to do after a negative result',
    content: (
      <>
        <P>You do not need to self-isolate because of this test, unless:</P>
        <List
          items={[
            'NHS Test and Trace has told you that you are a contact of someone with COVID-19: keep self-isolating for the whole period you were told',
            'someone you live with has tested positive or has symptoms: keep self-isolating with your household',
            'you have travelled from a country where you must quarantine on arrival',
          ]}
        />
        <P>
          If you still feel unwell, stay at home until you feel better. If you have diarrhoea or are being sick, stay at home until 48 hours after it
          stops. If you get symptoms of COVID-19 later, self-isolate and get another test.
        </P>
      </>
    ),
  },
  positive: {
    id: 'positive',
    title: 'What to do after a positive result',
    content: (
      <>
        <List
          items={[
            'Self-isolate straight away for at least 10 full days from when your symptoms started, or from the day of your test if you have no symptoms.',
            'Everyone you live with must self-isolate for 14 days from when your symptoms started (or from your test).',
            'Do not go to work, school or public places, and do not have visitors. Ask friends or family, or use delivery services, for food and medicines.',
            'NHS Test and Trace will contact you to ask about the people you have been in contact with. Please answer: it helps stop the virus spreading.',
            'Tell your employer. You may be able to get Statutory Sick Pay, or a Test and Trace Support Payment from your local council.',
            'If your symptoms get worse, use NHS 111 online or call 111. In an emergency, for example if you are struggling to breathe, call 999.',
          ]}
        />
        <P>You can stop self-isolating after 10 days if you no longer have a high temperature. A cough or a loss of smell or taste can last for weeks.</P>
      </>
    ),
  },
  unclear: {
    id: 'unclear',
    title: 'What to do after an unclear (inconclusive) result',
    content: (
      <>
        <P>An unclear result means the laboratory could not read your sample, for example because there was not enough of it or it was damaged in the post.</P>
        <List
          items={[
            'Take another test as soon as you can: in England within 8 days of your symptoms starting, or within 5 days in Scotland, Wales and Northern Ireland.',
            'If you have symptoms, keep self-isolating, and everyone you live with too, until you get your new result.',
            'If you do not have symptoms, follow the advice you were given when you took the test, and your employer’s rules.',
          ]}
        />
      </>
    ),
  },
} satisfies Record<string, HelpTopic>;

/** The patient help, in the order of spec 1 §2. */
export const PATIENT_TOPICS: HelpTopic[] = [
  HELP_TOPICS.whatIsCovid,
  HELP_TOPICS.symptoms,
  HELP_TOPICS.protection,
  HELP_TOPICS.swabTest,
  HELP_TOPICS.understandingPcr,
  HELP_TOPICS.negative,
  HELP_TOPICS.positive,
  HELP_TOPICS.unclear,
];

/** The manager help's three RT-PCR items. */
export const MANAGER_TOPICS: HelpTopic[] = [HELP_TOPICS.understandingPcr, HELP_TOPICS.negative, HELP_TOPICS.positive];

