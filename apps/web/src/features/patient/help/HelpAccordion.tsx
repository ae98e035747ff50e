import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { useHelpTopics, type HelpTopic } from './topics';

/** Help topics as an accordion: one question per panel. */
export function HelpAccordion({ topics }: { topics: HelpTopic[] }) {
  const panels = useHelpTopics(topics);
  return (
    <div>
      {panels.map((topic) => (
        <Accordion key={topic.id} disableGutters slots={{ heading: 'h2' }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${topic.id}-content`} id={`${topic.id}-header`}>
            <Typography component="span" variant="h6">
              {topic.title}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`${topic.id}-content`}>{topic.content}</AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}
