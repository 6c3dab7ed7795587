import { Typography } from '@mui/material';
import { APPLICATION_LABELS, ESSAY_WORD_LIMIT } from '@svp/domain';
import { WordCountedText } from '../WordCountedText';

export const SV_ESSAYS = [
  {
    name: 'essay1',
    question: 'Why do you want to be a Student Volunteer at SIGGRAPH, and what do you hope to gain from the experience?',
  },
  {
    name: 'essay2',
    question:
      'Tell us about a time you worked with people whose backgrounds, cultures or points of view differed from your own. What did ' +
      'you learn, and what will you bring to a diverse volunteer team?',
  },
  {
    name: 'essay3',
    question:
      'Describe a conflict you faced in a team, at school or at work. How did you handle it, and what would you do differently now?',
  },
] as const;

/** Tab 4: three essays, each with a live word counter. */
export function SvEssaysStep() {
  return (
    <>
      <Typography sx={{ mb: 2 }}>Answer each question in {ESSAY_WORD_LIMIT} words or fewer.</Typography>
      {SV_ESSAYS.map(({ name, question }) => (
        <section key={name}>
          <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
            {APPLICATION_LABELS[name]}
          </Typography>
          <Typography sx={{ mb: 2 }}>{question}</Typography>
          <WordCountedText name={name} label="Your answer" limit={ESSAY_WORD_LIMIT} />
        </section>
      ))}
    </>
  );
}
