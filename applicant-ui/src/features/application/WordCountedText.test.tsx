import { fireEvent, render, screen } from '@testing-library/react';
import { Formik } from 'formik';
import { describe, expect, it } from 'vitest';
import { wordsOf } from '../../test/kit/records';
import { WordCountedText } from './WordCountedText';

function renderCounter(text: string) {
  render(
    <Formik initialValues={{ essay1: text }} onSubmit={() => undefined}>
      <WordCountedText name="essay1" label="Your answer" limit={300} />
    </Formik>,
  );
  return screen.getByTestId('essay1-word-counter');
}

describe('WordCountedText', () => {
  it('counts down the words left, without the over-limit style, up to the limit', () => {
    const counter = renderCounter(wordsOf(300));
    expect(counter).toHaveTextContent('0 words remaining');
    expect(counter).not.toHaveClass('Mui-error');
    expect(screen.getByLabelText('Your answer')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says how far over the limit a text is, in the error style', () => {
    const counter = renderCounter(wordsOf(301));
    expect(counter).toHaveTextContent('1 words over the limit, you will not be able to submit your application');
    expect(counter).toHaveClass('Mui-error');
    expect(screen.getByLabelText('Your answer')).toHaveAttribute('aria-invalid', 'true');
  });

  it('updates live as the applicant types, and counts an empty text as 0 words', () => {
    const counter = renderCounter('');
    expect(counter).toHaveTextContent('300 words remaining');
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: '  Graphics   is  fun \n' } });
    expect(counter).toHaveTextContent('297 words remaining');
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: wordsOf(305) } });
    expect(counter).toHaveTextContent('5 words over the limit, you will not be able to submit your application');
    expect(counter).toHaveClass('Mui-error');
  });

  it('is read out with the answer box', () => {
    renderCounter('one two');
    expect(screen.getByLabelText('Your answer')).toHaveAccessibleDescription('298 words remaining');
  });
});
